import type { ReactNode } from 'react';
import { downloadFile } from '@cadence/shared-auth';
import {
  answerText, attachmentsOf, FORM_UPLOADS_BUCKET, valuesOf, type AnswerValues, type Attachment, type Questionnaire, type QuestionnaireItem, type QuestionnaireResponse,
} from '@cadence/shared-auth/forms';
import { Alert, Button } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { useDownload } from '../use-download.ts';

type Files = Map<string, Attachment & { fileId: string }>;

/** A file the client uploaded with the form: theirs to download again (they read it as the response's readers do). */
function UploadedFile({ file }: { file: Attachment & { fileId: string } }) {
  const { busy, failed, run: download } = useDownload(async () => ({ blob: await downloadFile(FORM_UPLOADS_BUCKET, file.fileId, file.contentType), fileName: file.title }), 'The uploaded file download');
  return (
    <div className="portal-no-print">
      <Button size="sm" onClick={download} loading={busy} loadingLabel={PORTAL_TEXT.form.upload.downloading}>{PORTAL_TEXT.form.upload.download(file.title)}</Button>
      {failed ? <Alert tone="error">{PORTAL_TEXT.form.upload.downloadFailed}</Alert> : null}
    </div>
  );
}

function Answers({ items, values, files }: { items: QuestionnaireItem[]; values: AnswerValues; files: Files }): ReactNode {
  return items.map((item) => {
    if (item.type === 'display') return null;
    if (item.type === 'group') {
      const inner = (item.item ?? []).some((child) => values[child.linkId] !== undefined || child.type === 'group');
      return inner ? (
        <section key={item.linkId} className="portal-answers-group">
          {item.text ? <h3>{item.text}</h3> : null}
          <dl className="portal-answers"><Answers items={item.item ?? []} values={values} files={files} /></dl>
        </section>
      ) : null;
    }
    const file = item.type === 'attachment' ? files.get(item.linkId) : undefined;
    return (
      <div key={item.linkId} className="portal-answer">
        <dt>{item.text}</dt>
        <dd>
          {values[item.linkId] === undefined ? <span className="portal-muted">{PORTAL_TEXT.form.noAnswer}</span> : answerText(item, values[item.linkId], file)}
          {file ? <UploadedFile file={file} /> : null}
        </dd>
      </div>
    );
  });
}

/** A submitted form, question by question, as the client sent it (and as it prints). */
export function FormAnswers({ questionnaire, response }: { questionnaire: Questionnaire; response: QuestionnaireResponse }) {
  return <dl className="portal-answers"><Answers items={questionnaire.item} values={valuesOf(response)} files={attachmentsOf(response)} /></dl>;
}
