// The camera and microphone of the waiting room and the call (issue 34): the chosen devices'
// stream, the device lists for the pickers (labels appear once permission is given), the microphone's
// level for the meter, and the speaker for the remote audio (setSinkId where the browser has it).
import { useCallback, useEffect, useState } from 'react';

export interface DeviceChoice { deviceId: string; label: string }

export interface LocalMedia {
  stream: MediaStream | null;
  error: 'denied' | 'unavailable' | null;
  cameras: DeviceChoice[];
  microphones: DeviceChoice[];
  speakers: DeviceChoice[];
  camera: string;
  microphone: string;
  speaker: string;
  /** 0–1, the microphone's loudness now */
  level: number;
  chooseCamera(deviceId: string): void;
  chooseMicrophone(deviceId: string): void;
  chooseSpeaker(deviceId: string): void;
}

/** The device pickers' props (shared-ui/call's DeviceCheck takes them all, CallDevices the camera's and microphone's). */
export interface DevicePickers {
  cameras: Array<{ value: string; label: string }>;
  microphones: Array<{ value: string; label: string }>;
  speakers: Array<{ value: string; label: string }>;
  camera: string;
  microphone: string;
  speaker: string;
  onCamera(deviceId: string): void;
  onMicrophone(deviceId: string): void;
  onSpeaker(deviceId: string): void;
}

const options = (devices: DeviceChoice[]) => devices.map((d) => ({ value: d.deviceId, label: d.label }));

/** `media` as the pickers take it: `<DeviceCheck stream={…} level={…} {...devicePickers(media)} />`. */
export function devicePickers(media: LocalMedia): DevicePickers {
  return {
    cameras: options(media.cameras), microphones: options(media.microphones), speakers: options(media.speakers),
    camera: media.camera, microphone: media.microphone, speaker: media.speaker,
    onCamera: media.chooseCamera, onMicrophone: media.chooseMicrophone, onSpeaker: media.chooseSpeaker,
  };
}

function choices(devices: MediaDeviceInfo[], kind: MediaDeviceKind, noun: string): DeviceChoice[] {
  return devices.filter((d) => d.kind === kind).map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${noun} ${i + 1}` }));
}

/** The RMS loudness of an analyser's current window, 0–1 (×3 so speech fills the meter). */
function loudness(analyser: AnalyserNode, buffer: Float32Array<ArrayBuffer>): number {
  analyser.getFloatTimeDomainData(buffer);
  let sum = 0;
  for (const v of buffer) sum += v * v;
  return Math.min(1, Math.sqrt(sum / buffer.length) * 3);
}

export function useLocalMedia(): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<LocalMedia['error']>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [camera, setCamera] = useState('');
  const [microphone, setMicrophone] = useState('');
  const [speaker, setSpeaker] = useState('');
  const [level, setLevel] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    const constraints: MediaStreamConstraints = {
      video: camera ? { deviceId: { exact: camera } } : { facingMode: 'user' },
      audio: microphone ? { deviceId: { exact: microphone } } : true,
    };
    navigator.mediaDevices.getUserMedia(constraints).then(async (media) => {
      if (cancelled) { for (const t of media.getTracks()) t.stop(); return; }
      opened = media;
      setStream(media);
      setError(null);
      setDevices(await navigator.mediaDevices.enumerateDevices());
    }).catch((e: unknown) => {
      if (!cancelled) setError(e instanceof DOMException && e.name === 'NotAllowedError' ? 'denied' : 'unavailable');
    });
    return () => {
      cancelled = true;
      for (const t of opened?.getTracks() ?? []) t.stop();
    };
  }, [camera, microphone]);

  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    if (!track) return undefined;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const buffer = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => { setLevel(track.enabled ? loudness(analyser, buffer) : 0); }, 100);
    return () => { clearInterval(timer); void context.close(); };
  }, [stream]);

  const chooseSpeaker = useCallback((deviceId: string) => { setSpeaker(deviceId); }, []);
  return {
    stream, error, level, camera, microphone, speaker,
    cameras: choices(devices, 'videoinput', 'Camera'),
    microphones: choices(devices, 'audioinput', 'Microphone'),
    speakers: choices(devices, 'audiooutput', 'Speaker'),
    chooseCamera: setCamera,
    chooseMicrophone: setMicrophone,
    chooseSpeaker,
  };
}
