import type { ReactNode } from 'react';
import { answerText, valuesOf, type AnswerValues, type Questionnaire, type QuestionnaireItem, type QuestionnaireResponse } from '@cadence/shared-auth/forms';
import { PORTAL_TEXT } from '../portal-texts.ts';

function Answers({ items, values }: { items: QuestionnaireItem[]; values: AnswerValues }): ReactNode {
  return items.map((item) => {
    if (item.type === 'display') return null;
    if (item.type === 'group') {
      const inner = (item.item ?? []).some((child) => values[child.linkId] !== undefined || child.type === 'group');
      return inner ? (
        <section key={item.linkId} className="portal-answers-group">
          {item.text ? <h3>{item.text}</h3> : null}
          <dl className="portal-answers"><Answers items={item.item ?? []} values={values} /></dl>
        </section>
      ) : null;
    }
    return (
      <div key={item.linkId} className="portal-answer">
        <dt>{item.text}</dt>
        <dd>{values[item.linkId] === undefined ? <span className="portal-muted">{PORTAL_TEXT.form.noAnswer}</span> : answerText(item, values[item.linkId])}</dd>
      </div>
    );
  });
}

/** A submitted form, question by question, as the client sent it (and as it prints). */
export function FormAnswers({ questionnaire, response }: { questionnaire: Questionnaire; response: QuestionnaireResponse }) {
  const values = valuesOf(response);
  return <dl className="portal-answers"><Answers items={questionnaire.item} values={values} /></dl>;
}
