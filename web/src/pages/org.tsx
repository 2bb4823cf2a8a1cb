import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { execute } from '../api/client';
import { useMe } from '../api/me';
import { lower, words } from '../api/words';
import { DataTable } from '../components/data-table';
import { Email, ErrorNotice, Loading, Page, Pager, StatusBadge, Time, usePageCursor } from '../components/ui';
import { graphql } from '../gql';
import type { MemberRole } from '../gql/graphql';
import { SecretRow } from './auth';

const ApiKeysDocument = graphql(`
  query ApiKeys {
    apiKeys {
      id
      name
      prefix
      status
      createdAt
      lastUsedAt
      revokedAt
    }
  }
`);
const CreateApiKeyDocument = graphql(`
  mutation CreateApiKey($name: String) {
    createApiKey(name: $name) {
      id
      prefix
      secret
    }
  }
`);
const RevokeApiKeyDocument = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      status
      revokedAt
    }
  }
`);
const WebhookDocument = graphql(`
  query Webhook {
    webhook {
      webhookUrl
      secretLast4
    }
  }
`);
const UpdateWebhookDocument = graphql(`
  mutation UpdateWebhook($webhookUrl: String) {
    updateWebhook(webhookUrl: $webhookUrl) {
      webhookUrl
      secretLast4
    }
  }
`);
const RotateSecretDocument = graphql(`
  mutation RotateWebhookSecret {
    rotateWebhookSecret {
      webhookSecret
    }
  }
`);
const MembersDocument = graphql(`
  query Members($after: String) {
    members(first: 20, after: $after) {
      nodes {
        id
        email
        role
        active
        emailVerified
        createdAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
const AddMemberDocument = graphql(`
  mutation AddMember($input: AddMemberInput!) {
    addMember(input: $input) {
      id
      email
    }
  }
`);
const DeactivateMemberDocument = graphql(`
  mutation DeactivateMember($id: ID!) {
    deactivateMember(id: $id) {
      id
      active
    }
  }
`);

export function useIsOwner(): boolean {
  const me = useMe();
  return lower(me.data?.me.role ?? '') === 'owner';
}

export function ApiKeysPage() {
  const qc = useQueryClient();
  const owner = useIsOwner();
  const keys = useQuery({ queryKey: ['apiKeys'], queryFn: () => execute(ApiKeysDocument) });
  const [created, setCreated] = useState<{ secret: string; prefix: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (name: string) => execute(CreateApiKeyDocument, { name: name || null }),
    onSuccess: (d) => {
      setCreated(d.createApiKey);
      void qc.invalidateQueries({ queryKey: ['apiKeys'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => execute(RevokeApiKeyDocument, { id }),
    onSuccess: () => {
      setConfirming(null);
      void qc.invalidateQueries({ queryKey: ['apiKeys'] });
    },
  });
  return (
    <Page title="API keys">
      {owner && (
        <form
          className="card form inline"
          onSubmit={(e: FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            create.mutate(String(new FormData(e.currentTarget).get('name') ?? ''));
            e.currentTarget.reset();
          }}
        >
          <label>
            Key name <span className="muted">(optional)</span>
            <input name="name" maxLength={100} />
          </label>
          <button type="submit" className="primary" disabled={create.isPending}>
            Create key
          </button>
          <ErrorNotice error={create.error} />
        </form>
      )}
      {created && (
        <div className="card highlight" role="status">
          <p>
            <strong>New key created.</strong> Copy the secret now: it is never shown again.
          </p>
          <SecretRow label="Secret" value={created.secret} />
          <button type="button" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
      <ErrorNotice error={keys.error ?? revoke.error} />
      <DataTable
        caption="API keys"
        loading={keys.isPending}
        rows={keys.data?.apiKeys}
        rowKey={(k) => k.id}
        empty="No API keys yet."
        columns={[
          { header: 'Name', cell: (k) => k.name ?? <span className="muted">unnamed</span> },
          { header: 'Prefix', cell: (k) => <code>{k.prefix}…</code> },
          { header: 'Status', cell: (k) => <StatusBadge value={k.status} /> },
          { header: 'Created', cell: (k) => <Time value={k.createdAt} /> },
          { header: 'Last used', cell: (k) => <Time value={k.lastUsedAt} /> },
          owner && {
            header: 'Actions',
            cell: (k) =>
              lower(k.status) === 'active' &&
              (confirming === k.id ? (
                <span className="confirm" role="group" aria-label={`Confirm revoking ${k.prefix}`}>
                  Revoke for good?{' '}
                  <button type="button" className="danger" onClick={() => revoke.mutate(k.id)} disabled={revoke.isPending}>
                    Yes, revoke
                  </button>{' '}
                  <button type="button" onClick={() => setConfirming(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button type="button" onClick={() => setConfirming(k.id)} aria-label={`Revoke key ${k.name ?? k.prefix}`}>
                  Revoke
                </button>
              )),
          },
        ]}
      />
    </Page>
  );
}

export function WebhookPage() {
  const qc = useQueryClient();
  const owner = useIsOwner();
  const settings = useQuery({ queryKey: ['webhook'], queryFn: () => execute(WebhookDocument) });
  const [rotated, setRotated] = useState<{ secret: string; at: Date } | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const update = useMutation({
    mutationFn: (url: string | null) => execute(UpdateWebhookDocument, { webhookUrl: url }),
    onSuccess: (d) => qc.setQueryData(['webhook'], { webhook: d.updateWebhook }),
  });
  const rotate = useMutation({
    mutationFn: () => execute(RotateSecretDocument),
    onSuccess: (d) => {
      setConfirmRotate(false);
      setRotated({ secret: d.rotateWebhookSecret.webhookSecret, at: new Date() });
      void qc.invalidateQueries({ queryKey: ['webhook'] });
    },
  });
  const w = settings.data?.webhook;
  return (
    <Page title="Webhook settings">
      <ErrorNotice error={settings.error} />
      {settings.isPending && <Loading />}
      {w && (
        <>
          <form
            className="card form"
            onSubmit={(e: FormEvent<HTMLFormElement>) => {
              e.preventDefault();
              const url = String(new FormData(e.currentTarget).get('url') ?? '').trim();
              update.mutate(url || null);
            }}
          >
            <label>
              Default destination URL
              <input name="url" type="url" defaultValue={w.webhookUrl ?? ''} placeholder="https://example.com/hooks/voicegate" readOnly={!owner} key={w.webhookUrl ?? ''} />
            </label>
            <p className="muted">Every call event is POSTed here, signed, unless the call names its own URL. Leave empty to remove.</p>
            <ErrorNotice error={update.error} />
            {update.isSuccess && <p role="status">Saved.</p>}
            {owner && (
              <button type="submit" className="primary" disabled={update.isPending}>
                Save URL
              </button>
            )}
          </form>
          <div className="card">
            <h2>Signing secret</h2>
            <p>
              Current secret ends in <code data-testid="secret-last4">{w.secretLast4}</code>.
            </p>
            <p className="muted">
              After a rotation both secrets sign every event for 24 hours (a dual-signing window), so receivers can switch without losing
              events.
            </p>
            {rotated && (
              <div className="highlight" role="status">
                <SecretRow label="New signing secret" value={rotated.secret} />
                <p>
                  The previous secret keeps signing until <TimeFrom date={new Date(rotated.at.getTime() + 24 * 3600_000)} />.
                </p>
              </div>
            )}
            <ErrorNotice error={rotate.error} />
            {owner &&
              (confirmRotate ? (
                <span role="group" aria-label="Confirm rotation">
                  Rotate now?{' '}
                  <button type="button" className="danger" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
                    Yes, rotate
                  </button>{' '}
                  <button type="button" onClick={() => setConfirmRotate(false)}>
                    Cancel
                  </button>
                </span>
              ) : (
                <button type="button" onClick={() => setConfirmRotate(true)}>
                  Rotate secret
                </button>
              ))}
          </div>
        </>
      )}
    </Page>
  );
}

function TimeFrom({ date }: { date: Date }) {
  return <Time value={date.toISOString()} />;
}

export function MembersPage() {
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (!me.data || lower(me.data.me.role) !== 'owner') {
    return (
      <Page title="Members">
        <p className="notice">Only an organization owner can manage members.</p>
      </Page>
    );
  }
  return <OwnerMembers myId={me.data.me.id} />;
}

function OwnerMembers({ myId }: { myId: string }) {
  const qc = useQueryClient();
  const cursor = usePageCursor();
  const members = useQuery({ queryKey: ['members', cursor.after], queryFn: () => execute(MembersDocument, { after: cursor.after ?? null }) });
  const add = useMutation({
    mutationFn: (input: { email: string; role: MemberRole }) => execute(AddMemberDocument, { input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['members'] }),
  });
  const deactivate = useMutation({
    mutationFn: (id: string) => execute(DeactivateMemberDocument, { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['members'] }),
  });
  const page = members.data?.members;
  return (
    <Page title="Members">
      <form
        className="card form inline"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          add.mutate({ email: String(f.get('email')), role: f.get('role') === 'OWNER' ? 'OWNER' : 'MEMBER' });
          e.currentTarget.reset();
        }}
      >
        <label>
          Invite by e-mail
          <input name="email" type="email" required />
        </label>
        <label>
          Role
          <select name="role" defaultValue="MEMBER">
            <option value="MEMBER">member</option>
            <option value="OWNER">owner</option>
          </select>
        </label>
        <button type="submit" className="primary" disabled={add.isPending}>
          Send invitation
        </button>
        {add.isSuccess && <p role="status">Invitation sent to {add.data.addMember.email}.</p>}
        <ErrorNotice error={add.error} />
      </form>
      <ErrorNotice error={members.error ?? deactivate.error} />
      <DataTable
        caption="Members"
        loading={members.isPending}
        rows={page?.nodes}
        rowKey={(u) => u.id}
        empty="No members."
        columns={[
          { header: 'E-mail', cell: (u) => <Email address={u.email} verified={u.emailVerified} /> },
          { header: 'Role', cell: (u) => words(u.role) },
          { header: 'Status', cell: (u) => <StatusBadge value={u.active ? 'active' : 'deactivated'} /> },
          { header: 'Joined', cell: (u) => <Time value={u.createdAt} /> },
          {
            header: 'Actions',
            cell: (u) =>
              u.active &&
              u.id !== myId && (
                <button type="button" onClick={() => window.confirm(`Deactivate ${u.email}?`) && deactivate.mutate(u.id)}>
                  Deactivate
                </button>
              ),
          },
        ]}
      />
      {page && <Pager hasNext={page.pageInfo.hasNextPage} endCursor={page.pageInfo.endCursor} cursor={cursor} />}
    </Page>
  );
}
