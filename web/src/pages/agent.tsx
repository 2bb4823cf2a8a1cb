import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { execute } from '../api/client';
import { useMe } from '../api/me';
import { SaveFooter, saveProps, type SaveProps } from '../components/settings-form';
import { FormField } from '../components/form-field';
import { ErrorNotice, Fact, Loading, Page, Time } from '../components/ui';
import { graphql } from '../gql';
import type { AgentSettingsFieldsFragment, AgentSettingsInput } from '../gql/graphql';
import { formText, orNull } from '../lib/form-data';
import { useIsOwner } from './org';

/** One selection for the query and the mutation, so a save refreshes the page from its answer. */
graphql(`
  fragment AgentSettingsFields on AgentSettings {
    callerName
    language
    voice
    instructions
    llm {
      enabled
      active
      source
      url
      model
      apiKeySet
    }
    supportedLanguages
    updatedAt
  }
`);
const AgentSettingsDocument = graphql(`
  query AgentSettings {
    agentSettings {
      ...AgentSettingsFields
    }
  }
`);
const UpdateAgentSettingsDocument = graphql(`
  mutation UpdateAgentSettings($input: AgentSettingsInput!) {
    updateAgentSettings(input: $input) {
      ...AgentSettingsFields
    }
  }
`);

type Settings = AgentSettingsFieldsFragment;

/** The API's limit on instructions (docs/api.md, "Agent settings"). */
const MAX_INSTRUCTIONS = 4000;
/** The form's fields, named as the API names them in field errors (the REST body's names). */
const FIELDS = ['caller_name', 'language', 'voice', 'instructions', 'llm.enabled', 'llm.url', 'llm.model', 'llm.api_key'] as const;

export function AgentPage() {
  const qc = useQueryClient();
  const owner = useIsOwner();
  const q = useQuery({ queryKey: ['agentSettings'], queryFn: () => execute(AgentSettingsDocument) });
  const update = useMutation({
    mutationFn: (input: AgentSettingsInput) => execute(UpdateAgentSettingsDocument, { input }),
    onSuccess: (d) => qc.setQueryData(['agentSettings'], { agentSettings: d.updateAgentSettings }),
  });
  const s = q.data?.agentSettings;
  return (
    <Page title="Agent">
      <p className="muted">How the agent holds your organization&apos;s calls when a call does not say otherwise: whom it speaks for, in which language and voice, and whether a language model leads the conversation.</p>
      <ErrorNotice error={q.error} />
      {q.isPending && <Loading />}
      {s && (
        <>
          <div className="card" data-testid="agent-current">
            <h2>Current settings</h2>
            <SettingsFacts s={s} />
          </div>
          {owner ? (
            <SettingsForm
              // A save starts the form afresh from what is stored (the key field empty again).
              key={s.updatedAt ?? 'never'}
              current={s}
              {...saveProps(update)}
            />
          ) : (
            <p className="notice">Only an organization owner can change the agent settings.</p>
          )}
        </>
      )}
    </Page>
  );
}

const none = (words: string) => <span className="muted">{words}</span>;

function modelWords(llm: Settings['llm']): string {
  const when = llm.enabled === null ? 'by default, when a model is configured' : llm.enabled ? 'on' : 'off';
  return `${llm.active ? 'Leads the calls' : 'Not used: the scripted agent leads the calls'} (${when})`;
}

function SettingsFacts({ s }: { s: Settings }) {
  const me = useMe();
  const orgName = me.data?.me.organization.name;
  return (
    <dl className="facts">
      <Fact label="Caller name">{s.callerName ?? none(`the organization's name${orgName ? ` (${orgName})` : ''}`)}</Fact>
      <Fact label="Language">
        <span data-testid="agent-language">{s.language}</span>
      </Fact>
      <Fact label="Voice">{s.voice ?? none("the speech engine's default")}</Fact>
      <Fact label="Language model">
        <span data-testid="agent-llm">{modelWords(s.llm)}</span>
      </Fact>
      <Fact label="Model endpoint">
        {s.llm.source === 'organization' ? (
          <>
            This organization&apos;s own: <code data-testid="agent-llm-url">{s.llm.url}</code>, model <code>{s.llm.model}</code>
          </>
        ) : s.llm.source === 'deployment' ? (
          <>The deployment&apos;s{s.llm.model ? <>, model <code>{s.llm.model}</code></> : null}</>
        ) : (
          none('none configured')
        )}
      </Fact>
      {s.llm.source === 'organization' && (
        <Fact label="Endpoint API key">
          <span data-testid="agent-key">{s.llm.apiKeySet ? 'key set (never shown)' : 'not set'}</span>
        </Fact>
      )}
      <Fact label="Instructions">{s.instructions ? <span className="excerpt" data-testid="agent-instructions">{s.instructions}</span> : none('none')}</Fact>
      <Fact label="Last changed">{s.updatedAt ? <Time value={s.updatedAt} /> : none('never (defaults)')}</Fact>
    </dl>
  );
}

const CHOICES = { default: null, on: true, off: false } as const;
type Choice = keyof typeof CHOICES;
const choiceOf = (enabled: boolean | null | undefined): Choice => (enabled === true ? 'on' : enabled === false ? 'off' : 'default');

/**
 * What changed, as an AgentSettingsInput: fields left out keep their value on the server, so a
 * save never re-sends (and re-checks) an endpoint the owner did not touch.
 */
function changes(f: FormData, current: Settings): AgentSettingsInput {
  const input: AgentSettingsInput = {};
  const callerName = orNull(formText(f, 'caller_name'));
  if (callerName !== current.callerName) input.callerName = callerName;
  // Empty: back to the default (en-US).
  const language = orNull(formText(f, 'language'));
  if (language !== current.language) input.language = language;
  const voice = orNull(formText(f, 'voice'));
  if (voice !== current.voice) input.voice = voice;
  const instructions = orNull(formText(f, 'instructions'));
  if (instructions !== current.instructions) input.instructions = instructions;
  const enabled = CHOICES[(formText(f, 'llm.enabled') || 'default') as Choice];
  if (enabled !== current.llm.enabled) input.llm = enabled;

  const own = current.llm.source === 'organization';
  const url = formText(f, 'llm.url');
  const model = formText(f, 'llm.model');
  // The key is sent as typed (no trimming: it is a secret, the API refuses spaces in words).
  const key = String(f.get('llm.api_key') ?? '');
  const clearKey = f.get('llm.clear_key') === 'on';
  if (url === '' && own) {
    // Emptied: back to the deployment's model. A model or key typed without a URL is left to the
    // API to refuse on the URL field.
    input.llmEndpoint = model || key ? { url, model: orNull(model), apiKey: orNull(key) } : null;
  } else if (url !== '' || model !== '' || key !== '') {
    const touched = !own || url !== current.llm.url || model !== (current.llm.model ?? '') || key !== '' || clearKey;
    if (touched) input.llmEndpoint = { url, ...(model ? { model } : {}), ...(key ? { apiKey: key } : clearKey ? { apiKey: null } : {}) };
  }
  // With an endpoint, the API applies the on/off choice together with it (one write).
  return input;
}

function SettingsForm({ current, pending, error, saved, onSubmit }: { current: Settings } & SaveProps<AgentSettingsInput>) {
  const own = current.llm.source === 'organization';
  const [instructions, setInstructions] = useState(current.instructions ?? '');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(changes(new FormData(e.currentTarget), current));
  };
  const languages = current.supportedLanguages.filter((l) => l !== '*');
  const anyLanguage = current.supportedLanguages.includes('*');
  const field = { error, idPrefix: 'agent' };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="agent-form-title" noValidate>
      <h2 id="agent-form-title">Change the settings</h2>
      <FormField {...field} name="caller_name" label="Caller name" hint={<>Who the agent says it calls on behalf of (up to 80 characters). Empty: the organization&apos;s name.</>}>
        {(p) => <input {...p} defaultValue={current.callerName ?? ''} maxLength={80} autoComplete="off" />}
      </FormField>
      <FormField
        {...field}
        name="language"
        label="Language"
        hint={
          <>
            A BCP 47 tag such as en-US; empty: en-US.{' '}
            {anyLanguage
              ? 'The speech engines take any language their models know.'
              : `The speech engines can both speak and hear: ${current.supportedLanguages.join(', ')}${languages.some((l) => !l.includes('-')) ? ' (a bare language means any region of it)' : ''}.`}
          </>
        }
      >
        {(p) => <input {...p} defaultValue={current.language} list="agent-languages" autoComplete="off" spellCheck={false} placeholder="en-US" />}
      </FormField>
      <datalist id="agent-languages">
        {languages.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <FormField {...field} name="voice" label="Voice" hint={<>The speech engine&apos;s voice name; empty: the engine&apos;s default.</>}>
        {(p) => <input {...p} defaultValue={current.voice ?? ''} autoComplete="off" spellCheck={false} />}
      </FormField>
      <FormField {...field} name="llm.enabled" label="Language model">
        {(p) => (
          <select {...p} defaultValue={choiceOf(current.llm.enabled)}>
            <option value="default">Default: on when a model is configured</option>
            <option value="on">On: a language model leads the calls</option>
            <option value="off">Off: the scripted agent leads the calls</option>
          </select>
        )}
      </FormField>
      <FormField
        {...field}
        name="instructions"
        label="Instructions for the language model"
        hint={
          <>
            Not used by the scripted agent. <span data-testid="agent-instructions-count">{instructions.trim().length.toLocaleString('en')}</span> of {MAX_INSTRUCTIONS.toLocaleString('en')} characters.
          </>
        }
      >
        {(p) => <textarea {...p} rows={5} value={instructions} onChange={(e) => setInstructions(e.target.value)} maxLength={MAX_INSTRUCTIONS} />}
      </FormField>
      <fieldset>
        <legend>Your own model endpoint (optional)</legend>
        <p className="muted small">
          An OpenAI-compatible chat-completions endpoint, used instead of the deployment&apos;s.{own ? " Empty the URL to go back to the deployment's." : ''}
        </p>
        <FormField {...field} name="llm.url" label="Endpoint URL">
          {(p) => <input {...p} type="url" defaultValue={current.llm.url ?? ''} placeholder="https://llm.example.com/v1" autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormField {...field} name="llm.model" label="Model" hint="Required with a new URL.">
          {(p) => <input {...p} defaultValue={own ? (current.llm.model ?? '') : ''} autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormField
          {...field}
          name="llm.api_key"
          label="API key"
          hint={
            <span data-testid="agent-key-hint">
              {current.llm.apiKeySet
                ? 'A key is stored (never shown): leave empty to keep it for the same URL, or type a new one to replace it.'
                : 'No key is stored.'}{' '}
              Encrypted at rest and never shown again; a new URL needs its key.
            </span>
          }
        >
          {(p) => <input {...p} type="password" autoComplete="new-password" spellCheck={false} />}
        </FormField>
        {current.llm.apiKeySet && (
          <label className="check">
            <input type="checkbox" name="llm.clear_key" /> Remove the stored key (the endpoint takes none)
          </label>
        )}
      </fieldset>
      <SaveFooter error={error} fields={FIELDS} saved={saved} pending={pending} label="Save settings" />
    </form>
  );
}
