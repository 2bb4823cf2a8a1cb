import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { execute } from '../api/client';
import { fieldMessages } from '../api/errors';
import { SaveFooter, saveProps, type SaveProps } from '../components/settings-form';
import { ErrorNotice, Fact, FieldError, Loading, Page, Time, fieldErrorId } from '../components/ui';
import { graphql } from '../gql';
import type { Carrier, CarrierConnectionInput, CarrierQuery } from '../gql/graphql';
import { formText, orNull } from '../lib/form-data';
import { useIsOwner } from './org';

/** What every screen of this page shows of a connection (one selection for the query and both mutations). */
graphql(`
  fragment CarrierFields on CarrierConnection {
    type
    source
    host
    port
    transport
    username
    accountSid
    numbers
    passwordSet
    authTokenSet
    updatedAt
  }
`);
const CarrierDocument = graphql(`
  query Carrier {
    carrier {
      ...CarrierFields
    }
  }
`);
const UpdateCarrierDocument = graphql(`
  mutation UpdateCarrier($input: CarrierConnectionInput!) {
    updateCarrier(input: $input) {
      ...CarrierFields
    }
  }
`);
const RemoveCarrierDocument = graphql(`
  mutation RemoveCarrier {
    removeCarrier {
      ...CarrierFields
    }
  }
`);
const TestCarrierDocument = graphql(`
  mutation TestCarrier {
    testCarrier {
      ok
      message
    }
  }
`);

type Connection = CarrierQuery['carrier'];

const KIND: Record<Carrier, string> = { SIMULATOR: 'Built-in simulator', SIP: 'SIP trunk', TWILIO: 'Twilio' };
/** The form's fields, named as the API names them in field errors. */
const FIELDS = ['type', 'host', 'port', 'transport', 'username', 'password', 'account_sid', 'auth_token', 'numbers'] as const;

export function CarrierPage() {
  const qc = useQueryClient();
  const owner = useIsOwner();
  const q = useQuery({ queryKey: ['carrier'], queryFn: () => execute(CarrierDocument) });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const put = (c: Connection) => qc.setQueryData(['carrier'], { carrier: c });
  const test = useMutation({ mutationFn: () => execute(TestCarrierDocument) });
  const update = useMutation({
    mutationFn: (input: CarrierConnectionInput) => execute(UpdateCarrierDocument, { input }),
    onSuccess: (d) => {
      test.reset();
      remove.reset();
      put(d.updateCarrier);
    },
  });
  const remove = useMutation({
    mutationFn: () => execute(RemoveCarrierDocument),
    onSuccess: (d) => {
      setConfirmRemove(false);
      test.reset();
      update.reset();
      put(d.removeCarrier);
    },
  });
  const c = q.data?.carrier;
  return (
    <Page title="Carrier">
      <p className="muted">The carrier places your organization&apos;s calls: its own connection, or the deployment&apos;s default when it has none.</p>
      <ErrorNotice error={q.error} />
      {q.isPending && <Loading />}
      {c && (
        <>
          <div className="card" data-testid="carrier-current">
            <h2>Current connection</h2>
            <ConnectionFacts c={c} />
            {owner && (
              <div className="actions">
                <button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
                  {test.isPending ? 'Testing…' : 'Test connection'}
                </button>
                {c.source === 'ORGANIZATION' &&
                  (confirmRemove ? (
                    <span role="group" aria-label="Confirm removal">
                      Remove this connection and go back to the deployment default?{' '}
                      <button type="button" className="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
                        Yes, remove
                      </button>{' '}
                      <button type="button" onClick={() => setConfirmRemove(false)}>
                        Keep
                      </button>
                    </span>
                  ) : (
                    <button type="button" onClick={() => setConfirmRemove(true)}>
                      Remove connection
                    </button>
                  ))}
              </div>
            )}
            {test.data && (
              <p role="status" className={test.data.testCarrier.ok ? 'result ok' : 'result failed'} data-testid="carrier-test-result">
                <strong>{test.data.testCarrier.ok ? 'Connection works.' : 'Connection failed.'}</strong> {test.data.testCarrier.message}
              </p>
            )}
            {remove.isSuccess && <p role="status">Removed: calls use the deployment default again.</p>}
            <ErrorNotice error={test.error ?? remove.error} />
          </div>
          {owner ? (
            <ConnectionForm
              // A saved or removed connection starts the form afresh from what is stored.
              key={`${c.type}-${c.updatedAt ?? 'default'}`}
              current={c}
              {...saveProps(update)}
            />
          ) : (
            <p className="notice">Only an organization owner can change the carrier connection.</p>
          )}
        </>
      )}
    </Page>
  );
}

const secretWords = (set: boolean | null | undefined) => (set ? 'secret set (never shown)' : 'not set');

function ConnectionFacts({ c }: { c: Connection }) {
  return (
    <dl className="facts">
      <Fact label="Type">{KIND[c.type]}</Fact>
      <Fact label="Source">{c.source === 'ORGANIZATION' ? "This organization's own connection" : 'The deployment default'}</Fact>
      {c.type === 'SIP' && (
        <>
          <Fact label="Host">
            <code>{c.host}</code>
          </Fact>
          <Fact label="Port">{c.port}</Fact>
          <Fact label="Transport">{c.transport?.toUpperCase()}</Fact>
          <Fact label="User name">{c.username ?? <span className="muted">none</span>}</Fact>
          <Fact label="Password">
            <span data-testid="carrier-secret">{secretWords(c.passwordSet)}</span>
          </Fact>
        </>
      )}
      {c.type === 'TWILIO' && (
        <>
          <Fact label="Account SID">
            <code>{c.accountSid}</code>
          </Fact>
          <Fact label="Auth token">
            <span data-testid="carrier-secret">{secretWords(c.authTokenSet)}</span>
          </Fact>
        </>
      )}
      <Fact label="Caller-ID numbers">
        {c.numbers.length ? (
          <ul className="numbers" data-testid="carrier-numbers">
            {c.numbers.map((n, i) => (
              <li key={n}>
                <code>{n}</code> {i === 0 && <span className="muted">(default)</span>}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">any</span>
        )}
      </Fact>
      <Fact label="Last changed">{c.updatedAt ? <Time value={c.updatedAt} /> : <span className="muted">never (default)</span>}</Fact>
    </dl>
  );
}


function ConnectionForm({
  current,
  pending,
  error,
  saved,
  onSubmit,
}: { current: Connection } & SaveProps<CarrierConnectionInput>) {
  const [type, setType] = useState<Carrier>(current.type);
  // What is stored for this kind of connection, to prefill the fields and say whether a secret is kept.
  const same = current.source === 'ORGANIZATION' && current.type === type ? current : null;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const numbers = formText(f, 'numbers')
      .split(/[\s,;]+/)
      .filter(Boolean);
    if (type === 'SIMULATOR') return onSubmit({ type });
    if (type === 'SIP') {
      const port = formText(f, 'port');
      return onSubmit({
        type,
        host: formText(f, 'host'),
        port: port === '' ? null : Number(port),
        transport: formText(f, 'transport') || null,
        username: orNull(formText(f, 'username')),
        // Empty: the stored password is kept.
        password: orNull(String(f.get('password') ?? '')),
        numbers,
      });
    }
    return onSubmit({ type, accountSid: formText(f, 'account_sid'), authToken: orNull(String(f.get('auth_token') ?? '')), numbers });
  };
  const input = (name: (typeof FIELDS)[number]) => {
    const bad = fieldMessages(error, name).length > 0;
    return { name, 'aria-invalid': bad || undefined, 'aria-describedby': bad ? fieldErrorId(name) : undefined };
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="carrier-form-title" noValidate>
      <h2 id="carrier-form-title">Change the connection</h2>
      <label>
        Carrier type
        <select {...input('type')} value={type} onChange={(e) => setType(e.target.value as Carrier)}>
          <option value="SIMULATOR">{KIND.SIMULATOR}: no real phone calls</option>
          <option value="SIP">{KIND.SIP}</option>
          <option value="TWILIO">{KIND.TWILIO}</option>
        </select>
        <FieldError error={error} field="type" />
      </label>
      {type === 'SIMULATOR' && <p className="muted">The simulator answers by the last four digits of the number it calls (see Place a test call). It accepts any caller ID.</p>}
      {type === 'SIP' && (
        <>
          <label>
            Trunk host
            <input {...input('host')} defaultValue={same?.host ?? ''} placeholder="sip.example.net" autoComplete="off" />
            <FieldError error={error} field="host" />
          </label>
          <label>
            Port
            <input {...input('port')} type="number" min={1} max={65535} defaultValue={same?.port ?? 5060} />
            <FieldError error={error} field="port" />
          </label>
          <label>
            Transport
            <select {...input('transport')} defaultValue="udp">
              <option value="udp">UDP (the only one supported)</option>
            </select>
            <FieldError error={error} field="transport" />
          </label>
          <label>
            User name <span className="muted">(optional, if the trunk asks for digest authentication)</span>
            <input {...input('username')} defaultValue={same?.username ?? ''} autoComplete="off" />
            <FieldError error={error} field="username" />
          </label>
          <label>
            Password <SecretHint set={!!same?.passwordSet} />
            <input {...input('password')} type="password" autoComplete="new-password" />
            <FieldError error={error} field="password" />
          </label>
        </>
      )}
      {type === 'TWILIO' && (
        <>
          <label>
            Account SID
            <input {...input('account_sid')} defaultValue={same?.accountSid ?? ''} placeholder="AC…" autoComplete="off" spellCheck={false} />
            <FieldError error={error} field="account_sid" />
          </label>
          <label>
            Auth token <SecretHint set={!!same?.authTokenSet} sameAccount />
            <input {...input('auth_token')} type="password" autoComplete="new-password" />
            <FieldError error={error} field="auth_token" />
          </label>
        </>
      )}
      {type !== 'SIMULATOR' && (
        <label>
          Caller-ID numbers <span className="muted">(E.164, one per line; the first is the default)</span>
          <textarea {...input('numbers')} rows={3} defaultValue={same?.numbers.join('\n') ?? ''} placeholder="+14155550100" spellCheck={false} />
          <FieldError error={error} field="numbers" item="number" />
        </label>
      )}
      <SaveFooter error={error} fields={FIELDS} saved={saved} pending={pending} label="Save connection" />
    </form>
  );
}

function SecretHint({ set, sameAccount }: { set: boolean; sameAccount?: boolean }) {
  return (
    <span className="muted">
      {set
        ? `(a secret is stored: leave empty to keep it${sameAccount ? ' for the same account' : ''}, or type a new one to rotate it)`
        : '(not set yet)'}
    </span>
  );
}
