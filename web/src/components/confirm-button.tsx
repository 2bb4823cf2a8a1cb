import { useEffect, useRef, useState } from 'react';

/**
 * A button whose action needs a second, explicit click: "Cancel campaign" becomes "Cancel this
 * campaign? [Yes, cancel campaign] [No]" in place (no browser dialog, so keyboard and screen
 * reader users get ordinary buttons, and focus moves to the question's first answer).
 */
export function ConfirmButton({ label, question, onConfirm, busy, danger = false }: { label: string; question: string; onConfirm: () => void; busy?: boolean; danger?: boolean }) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" className={danger ? 'danger' : undefined} onClick={() => setAsking(true)} disabled={busy}>
        {label}
      </button>
    );
  return (
    <span role="group" aria-label={question} className="confirm">
      <span>{question}</span>{' '}
      <button
        type="button"
        ref={yes}
        className={danger ? 'danger' : 'primary'}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, {label.toLowerCase()}
      </button>{' '}
      <button type="button" onClick={() => setAsking(false)}>
        No
      </button>
    </span>
  );
}
