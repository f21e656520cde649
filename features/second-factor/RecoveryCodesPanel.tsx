import { useEffect, useRef } from 'react';

import { selectUser } from '../../store/authSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { copyOrSelect, copyResult } from '../../ui/copyOrSelect';
import { useT } from '../../ui/intl/useT';
import { copyFinished, recoveryCodesSaved, selectCopied } from './secondFactorSlice';

/**
 * The ten recovery codes, shown once: to copy, to download as a text file, and gone from the page
 * and the store once the visitor says they are saved. In a replayed log they are redacted (not a
 * list): the panel shows, without them.
 */
export function RecoveryCodesPanel({ codes, notice }: { codes: unknown; notice: string }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const copied = useAppSelector((state) => selectCopied(state, 'recoveryCodes'));
  const listRef = useRef<HTMLOListElement>(null);
  const list = Array.isArray(codes) ? codes.filter((code) => typeof code === 'string') : [];
  const text = `${t('totp.codesFile', { email: user?.email ?? '' })}\n\n${list.join('\n')}\n`;
  // Where a screen reader starts: the panel's title, right after the step that made the codes.
  useEffect(() => headingRef.current?.focus(), []);

  function download() {
    const href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), {
      href,
      download: 'recovery-codes.txt',
    });
    link.click();
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }

  return (
    <div className="totp-codes">
      <p className="form-success" role="status">
        {notice}
      </p>
      <h3 ref={headingRef} className="totp-codes__title" tabIndex={-1}>
        {t('totp.codesTitle')}
      </h3>
      <p>{t('totp.codesIntro')}</p>
      <ol ref={listRef} className="totp-codes__list" translate="no">
        {list.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="totp-codes__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void copyOrSelect(list.join('\n'), listRef.current).then((done) =>
              dispatch(copyFinished({ what: 'recoveryCodes', copied: done })),
            )
          }
        >
          {t('totp.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          {t('totp.download')}
        </button>
      </div>
      <p role="status">{copyResult(t, copied)}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => dispatch(recoveryCodesSaved())}
      >
        {t('totp.saved')}
      </button>
    </div>
  );
}
