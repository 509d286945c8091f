import type { ReactNode } from 'react';
import { answerText, attachmentsOf, valuesOf, type AnswerValues, type Attachment, type Questionnaire, type QuestionnaireItem, type QuestionnaireResponse } from '@cadence/shared-auth/forms';
import { PORTAL_TEXT } from '../portal-texts.ts';

function Answers({ items, values, files }: { items: QuestionnaireItem[]; values: AnswerValues; files: Map<string, Attachment> }): ReactNode {
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
    return (
      <div key={item.linkId} className="portal-answer">
        <dt>{item.text}</dt>
        <dd>{values[item.linkId] === undefined ? <span className="portal-muted">{PORTAL_TEXT.form.noAnswer}</span> : answerText(item, values[item.linkId], files.get(item.linkId))}</dd>
      </div>
    );
  });
}

/** A submitted form, question by question, as the client sent it (and as it prints). */
export function FormAnswers({ questionnaire, response }: { questionnaire: Questionnaire; response: QuestionnaireResponse }) {
  return <dl className="portal-answers"><Answers items={questionnaire.item} values={valuesOf(response)} files={attachmentsOf(response)} /></dl>;
}
