import { useEffect, useRef } from 'react';
import { buttonClassName } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { crisisLinesFor } from './crisis.ts';

const T = PORTAL_TEXT.crisis;

/**
 * Shown the moment a PHQ-9 with item 9 above 0 is sent (issue 31): the crisis line and emergency
 * number of the practice's country. Focus moves to it so a screen reader reads it first.
 */
export function CrisisResources({ country }: { country: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const lines = crisisLinesFor(country);
  const us = lines !== 'generic';
  return (
    <section className="portal-crisis" aria-labelledby="crisis-title">
      <h2 id="crisis-title" ref={heading} tabIndex={-1}>{T.title}</h2>
      <p>{T.sent}</p>
      {us ? (
        <>
          <p className="portal-crisis__line">{lines === 'us' ? T.usLine : T.usLineDefault}</p>
          <div className="portal-actions">
            <a className={buttonClassName('primary')} href="tel:988">{T.call988}</a>
            <a className={buttonClassName('primary')} href="sms:988">{T.text988}</a>
          </div>
        </>
      ) : null}
      <p>{lines === 'us' ? T.usEmergency : lines === 'generic' ? T.genericEmergency : T.defaultEmergency}</p>
      {lines !== 'us' ? <p>{T.genericLine}</p> : null}
    </section>
  );
}
