import { UAParser } from 'ua-parser-js';

export interface DeviceDetails {
  osCode: string;
  osName: string;
  osVersion: string;
  clientType: string;
  clientCode: string;
  clientName: string;
  clientVersion: string;
  clientEngine: string;
  clientEngineVersion: string;
  deviceName: string;
  deviceBrand: string;
  deviceModel: string;
}

function code(name: string | undefined): string {
  return name ? name.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase() : '';
}

/** Session device fields from the User-Agent (Appwrite uses matomo's Detector; ua-parser-js is close). */
export function parseDevice(userAgent: string | undefined): DeviceDetails {
  const result = UAParser(userAgent ?? '');
  const deviceType = result.device.type ?? (result.browser.name ? 'desktop' : '');
  return {
    osCode: code(result.os.name),
    osName: result.os.name ?? '',
    osVersion: result.os.version ?? '',
    clientType: result.browser.name ? 'browser' : '',
    clientCode: code(result.browser.name),
    clientName: result.browser.name ?? '',
    clientVersion: result.browser.version ?? '',
    clientEngine: result.engine.name ?? '',
    clientEngineVersion: result.engine.version ?? '',
    deviceName: deviceType,
    deviceBrand: result.device.vendor ?? '',
    deviceModel: result.device.model ?? '',
  };
}
