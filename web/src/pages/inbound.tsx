import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { execute } from '../api/client';
import { useMe } from '../api/me';
import { ConfirmButton } from '../components/confirm-button';
import { FormField } from '../components/form-field';
import { QuestionsEditor, draftsOf, questionInputs, type QuestionDraft } from '../components/questions-editor';
import { SaveFooter, saveProps, type SaveProps } from '../components/settings-form';
import { ErrorNotice, Fact, Loading, Page, Time } from '../components/ui';
import { graphql } from '../gql';
import type { InboundNumbersQuery, InboundSettingsFieldsFragment, InboundSettingsInput } from '../gql/graphql';
import { formText, orNull } from '../lib/form-data';
import { useIsOwner } from './org';

/** One selection for the query and both mutations, so a save or a removal refreshes the page from its answer. */
graphql(`
  fragment InboundSettingsFields on InboundSettings {
    enabled
    greeting
    task
    questions {
      key
      text
      type
      options
    }
    webhookUrl
    transferTo
    updatedAt
  }
`);
const InboundSettingsDocument = graphql(`
  query InboundSettings {
    inboundSettings {
      ...InboundSettingsFields
    }
  }
`);
const UpdateInboundSettingsDocument = graphql(`
  mutation UpdateInboundSettings($input: InboundSettingsInput!) {
    updateInboundSettings(input: $input) {
      ...InboundSettingsFields
    }
  }
`);
const RemoveInboundSettingsDocument = graphql(`
  mutation RemoveInboundSettings {
    removeInboundSettings {
      ...InboundSettingsFields
    }
  }
`);
/** The numbers calls arrive on are the carrier connection's. */
const InboundNumbersDocument = graphql(`
  query InboundNumbers {
    carrier {
      type
      source
      numbers
    }
  }
`);

type Settings = InboundSettingsFieldsFragment;
type Connection = InboundNumbersQuery['carrier'];

/** The API's limits (docs/inbound.md, "Settings"). */
const MAX_GREETING = 1000;
const MAX_TASK = 8000;
/** The form's fields, named as the API names them in field errors (the REST body's names). */
const FIELDS = ['enabled', 'greeting', 'task', 'questions', 'webhook_url', 'transfer_to'] as const;

export function InboundPage() {
  const qc = useQueryClient();
  const owner = useIsOwner();
  const q = useQuery({ queryKey: ['inboundSettings'], queryFn: () => execute(InboundSettingsDocument) });
  const numbers = useQuery({ queryKey: ['inboundNumbers'], queryFn: () => execute(InboundNumbersDocument) });
  const update = useMutation({
    mutationFn: (input: InboundSettingsInput) => execute(UpdateInboundSettingsDocument, { input }),
    onSuccess: (d) => {
      remove.reset();
      qc.setQueryData(['inboundSettings'], { inboundSettings: d.updateInboundSettings });
    },
  });
  const remove = useMutation({
    mutationFn: () => execute(RemoveInboundSettingsDocument),
    onSuccess: (d) => {
      update.reset();
      qc.setQueryData(['inboundSettings'], { inboundSettings: d.removeInboundSettings });
    },
  });
  const s = q.data?.inboundSettings;
  return (
    <Page title="Inbound">
      <p className="muted">What the agent does when someone calls one of your organization&apos;s numbers: its greeting, what it tells the caller, the questions it asks, and where the calls&apos; events go.</p>
      <ErrorNotice error={q.error} />
      {q.isPending && <Loading />}
      {s && (
        <>
          <div className="card" data-testid="inbound-numbers">
            <h2>Numbers that receive calls</h2>
            {numbers.isPending ? <Loading /> : numbers.data ? <Numbers c={numbers.data.carrier} enabled={s.enabled} /> : <ErrorNotice error={numbers.error} />}
          </div>
          <div className="card" data-testid="inbound-current">
            <h2>Current settings</h2>
            <SettingsFacts s={s} />
          </div>
          {owner ? (
            <>
              <SettingsForm
                // A save or a removal starts the form afresh from what is stored.
                key={s.updatedAt ?? 'never'}
                current={s}
                {...saveProps(update)}
              />
              {s.updatedAt && (
                <div className="card">
                  <h2>Remove the settings</h2>
                  <p className="muted">Calls to your numbers are then refused until settings are saved again.</p>
                  <ConfirmButton label="Remove inbound settings" question="Remove the inbound settings and refuse calls to your numbers?" onConfirm={() => remove.mutate()} busy={remove.isPending} danger />
                  <ErrorNotice error={remove.error} />
                </div>
              )}
              {remove.isSuccess && <p role="status">Removed: calls to your numbers are refused.</p>}
            </>
          ) : (
            <p className="notice">Only an organization owner can change the inbound settings.</p>
          )}
        </>
      )}
    </Page>
  );
}

/** Which numbers ring the agent: only an organization's own SIP trunk or Twilio account receives calls for it. */
function Numbers({ c, enabled }: { c: Connection; enabled: boolean }) {
  const carrierLink = <Link to="/carrier">Carrier</Link>;
  if (c.source === 'DEFAULT')
    return <p>Your organization uses the deployment&apos;s default carrier, which receives no calls for it. Connect your own SIP trunk or Twilio account and list your numbers on the {carrierLink} page.</p>;
  if (c.type === 'SIMULATOR') return <p>The built-in simulator receives no calls. Connect a SIP trunk or a Twilio account on the {carrierLink} page.</p>;
  if (!c.numbers.length) return <p>Your carrier connection lists no numbers: add them on the {carrierLink} page.</p>;
  return (
    <>
      <ul className="numbers" data-testid="inbound-number-list">
        {c.numbers.map((n) => (
          <li key={n}>
            <code>{n}</code>
          </li>
        ))}
      </ul>
      <p data-testid="inbound-state">{enabled ? 'Calls to these numbers are answered by the agent.' : 'Inbound calls are off: calls to these numbers are refused.'}</p>
      <p className="muted small">The numbers of your {c.type === 'SIP' ? 'SIP trunk' : 'Twilio'} connection; change them on the {carrierLink} page.</p>
    </>
  );
}

const none = (words: string) => <span className="muted">{words}</span>;
const TYPE_WORDS: Record<string, string> = { BOOLEAN: 'yes / no', NUMBER: 'number', ENUM: 'one of', STRING: 'free text' };

function SettingsFacts({ s }: { s: Settings }) {
  const me = useMe();
  const orgName = me.data?.me.organization.name ?? 'your organization';
  return (
    <dl className="facts">
      <Fact label="Inbound calls">
        <span data-testid="inbound-enabled">{s.enabled ? 'On: the agent answers' : 'Off: calls are refused'}</span>
      </Fact>
      <Fact label="Greeting">{s.greeting ? <span data-testid="inbound-greeting">{s.greeting}</span> : none(`the default: "Hello, you have reached ${orgName}. This is an automated assistant."`)}</Fact>
      <Fact label="Task">{s.task ? <span className="excerpt" data-testid="inbound-task">{s.task}</span> : none('none')}</Fact>
      <Fact label="Questions">
        {s.questions.length ? (
          <ol data-testid="inbound-questions">
            {s.questions.map((x) => (
              <li key={x.key}>
                {x.text} <span className="muted small">({x.key}: {TYPE_WORDS[x.type] ?? x.type}{x.options?.length ? ` ${x.options.join(', ')}` : ''})</span>
              </li>
            ))}
          </ol>
        ) : (
          none('none')
        )}
      </Fact>
      <Fact label="Webhook URL">{s.webhookUrl ? <code data-testid="inbound-webhook">{s.webhookUrl}</code> : none("the organization's webhook URL")}</Fact>
      <Fact label="Transfer to">{s.transferTo ? <code data-testid="inbound-transfer">{s.transferTo}</code> : none('none')}</Fact>
      <Fact label="Last changed">{s.updatedAt ? <Time value={s.updatedAt} /> : none('never (inbound calls are off)')}</Fact>
    </dl>
  );
}

function SettingsForm({ current, pending, error, saved, onSubmit }: { current: Settings } & SaveProps<InboundSettingsInput>) {
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => draftsOf(current.questions));
  const [task, setTask] = useState(current.task ?? '');
  // A save is the whole settings (the API's PUT): every field is sent, an empty one as null.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    onSubmit({
      enabled: f.get('enabled') === 'on',
      greeting: orNull(formText(f, 'greeting')),
      task: orNull(task.trim()),
      questions: questionInputs(questions),
      webhookUrl: orNull(formText(f, 'webhook_url')),
      transferTo: orNull(formText(f, 'transfer_to')),
    });
  };
  const field = { error, idPrefix: 'inbound' };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="inbound-form-title" noValidate>
      <h2 id="inbound-form-title">Change the settings</h2>
      <label className="check">
        <input type="checkbox" name="enabled" defaultChecked={current.enabled} /> Answer calls to our numbers
      </label>
      <FormField {...field} name="greeting" label="Greeting" hint={<>What the agent says first, one line (up to {MAX_GREETING.toLocaleString('en')} characters). Empty: the default greeting.</>}>
        {(p) => <input {...p} defaultValue={current.greeting ?? ''} maxLength={MAX_GREETING} autoComplete="off" />}
      </FormField>
      <FormField {...field} name="task" label="Task" hint={<>Said right after the greeting. {task.trim().length.toLocaleString('en')} of {MAX_TASK.toLocaleString('en')} characters.</>}>
        {(p) => <textarea {...p} rows={3} value={task} onChange={(e) => setTask(e.target.value)} maxLength={MAX_TASK} />}
      </FormField>
      <QuestionsEditor questions={questions} onChange={setQuestions} error={error} idPrefix="inbound" />
      <FormField {...field} name="webhook_url" label="Webhook URL" hint="Where the events of inbound calls go. Empty: your organization's webhook URL.">
        {(p) => <input {...p} type="url" defaultValue={current.webhookUrl ?? ''} placeholder="https://hooks.example.com/voicegate/inbound" autoComplete="off" spellCheck={false} />}
      </FormField>
      <FormField {...field} name="transfer_to" label="Transfer to" hint="An E.164 number (or a SIP URI on a SIP trunk). Stored and shown; calls are not transferred by it yet.">
        {(p) => <input {...p} type="tel" defaultValue={current.transferTo ?? ''} placeholder="+14155550100" autoComplete="off" spellCheck={false} />}
      </FormField>
      <SaveFooter error={error} fields={FIELDS} saved={saved} pending={pending} label="Save settings" />
    </form>
  );
}
