import { useEffect, useRef, useState } from 'react';
import { hasErrorType } from '@cadence/shared-auth';
import { acceptAttribute, acceptedTypes, fileSizeText, UPLOAD_KINDS, UPLOAD_MAX_BYTES, type QuestionnaireItem } from '@cadence/shared-auth/forms';
import { Button, Field } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { describeFormFile, discardFormFile, uploadFormFile, type UploadedFile } from './forms-api.ts';

const T = PORTAL_TEXT.form.upload;

/** Which kinds the hint names. */
function kindsOf(item: QuestionnaireItem): 'pdf' | 'image' | 'both' {
  const types = acceptedTypes(item);
  const pdf = types.some((t) => (UPLOAD_KINDS.pdf as readonly string[]).includes(t));
  const image = types.some((t) => (UPLOAD_KINDS.image as readonly string[]).includes(t));
  return pdf && image ? 'both' : pdf ? 'pdf' : 'image';
}

/** Storage's refusals in plain words. */
function uploadError(e: unknown): string {
  if (hasErrorType(e, 'storage_file_type_unsupported')) return T.unsupported;
  if (hasErrorType(e, 'storage_invalid_file_size')) return T.tooLarge;
  return T.failed;
}

interface AttachmentFieldProps {
  item: QuestionnaireItem;
  id: string;
  /** The uploaded file's id, '' for none. */
  value: string;
  onChange: (fileId: string) => void;
  error?: string | undefined;
}

/**
 * A file-upload question (issue 31): a labelled native file input (keyboard, the phone's camera
 * through `accept`), uploaded at once to the client's own unsent file; the answer is its id. A file
 * taken back is deleted; the form's submit shares the chosen one with the practice.
 */
export function AttachmentField({ item, id, value, onChange, error }: AttachmentFieldProps) {
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // A draft holds only the file's id: its name comes from Storage.
  useEffect(() => {
    if (!value || file?.fileId === value) return;
    let live = true;
    void describeFormFile(value).then((found) => {
      if (live) setFile(found);
    });
    return () => {
      live = false;
    };
  }, [value, file?.fileId]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFailure(null);
    if (chosen.size > UPLOAD_MAX_BYTES) {
      setFailure(T.tooLarge);
      if (input.current) input.current.value = '';
      return;
    }
    setUploading(chosen.name);
    try {
      const uploaded = await uploadFormFile(chosen);
      const previous = value;
      setFile(uploaded);
      onChange(uploaded.fileId);
      if (previous) void discardFormFile(previous);
    } catch (e) {
      setFailure(uploadError(e));
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  };

  const remove = () => {
    if (value) void discardFormFile(value);
    setFile(null);
    onChange('');
    input.current?.focus();
  };

  const shown = value && file?.fileId === value ? file : null;
  return (
    <Field label={item.text ?? ''} hint={T.hint(kindsOf(item))} error={failure ?? error} required={item.required} id={id} className="portal-form-upload">
      {(control) => (
        <div className="portal-form-upload__row">
          <input ref={input} type="file" accept={acceptAttribute(item)} {...control} onChange={(e) => void choose(e.target.files?.[0])} />
          <span role="status" className="portal-muted">
            {uploading ? T.uploading(uploading) : shown ? T.uploaded(shown.name, fileSizeText(shown.size)) : ''}
          </span>
          {shown && !uploading ? <Button size="sm" variant="quiet" onClick={remove}>{T.remove(shown.name)}</Button> : null}
        </div>
      )}
    </Field>
  );
}
