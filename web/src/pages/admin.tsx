import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { execute } from '../api/client';
import { dotted, words } from '../api/words';
import { DataTable } from '../components/data-table';
import { Email, ErrorNotice, Loading, Page, Pager, StatusBadge, Time, usePageCursor } from '../components/ui';
import { graphql } from '../gql';

const StatsDocument = graphql(`
  query AdminStats {
    adminStats {
      generatedAt
      organizations {
        active
        total
      }
      users {
        active
        total
        platformAdmins
      }
      apiKeys {
        active
        revoked
      }
      calls {
        total
        open
        last24h
        byStatus {
          value
          count
        }
      }
      webhookDeliveries {
        total
        byState {
          value
          count
        }
      }
    }
  }
`);
const OrgsDocument = graphql(`
  query AdminOrganizations($q: String, $after: String) {
    adminOrganizations(q: $q, after: $after, first: 20) {
      nodes {
        id
        name
        active
        userCount
        callCount
        openCallCount
        activeApiKeyCount
        createdAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
const SetOrgActiveDocument = graphql(`
  mutation AdminSetOrganizationActive($id: ID!, $active: Boolean!) {
    adminSetOrganizationActive(id: $id, active: $active) {
      id
      active
    }
  }
`);
const UsersDocument = graphql(`
  query AdminUsers($q: String, $after: String) {
    adminUsers(q: $q, after: $after, first: 20) {
      nodes {
        id
        email
        role
        active
        emailVerified
        isPlatformAdmin
        orgId
        createdAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
const SetUserActiveDocument = graphql(`
  mutation AdminSetUserActive($id: ID!, $active: Boolean!) {
    adminSetUserActive(id: $id, active: $active) {
      id
      active
    }
  }
`);
const AuditDocument = graphql(`
  query AdminAuditLog($after: String) {
    adminAuditLog(after: $after, first: 20) {
      nodes {
        id
        action
        actorEmail
        targetType
        targetId
        createdAt
        ip
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export function AdminPage() {
  return (
    <>
      <nav className="subnav" aria-label="Admin sections">
        <NavLink to="/admin" end>
          Stats
        </NavLink>
        <NavLink to="/admin/organizations">Organizations</NavLink>
        <NavLink to="/admin/users">Users</NavLink>
        <NavLink to="/admin/audit">Audit log</NavLink>
      </nav>
      <Routes>
        <Route index element={<StatsPage />} />
        <Route path="organizations" element={<OrgsPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="audit" element={<AuditPage />} />
      </Routes>
    </>
  );
}

function StatsPage() {
  const q = useQuery({ queryKey: ['adminStats'], queryFn: () => execute(StatsDocument) });
  const s = q.data?.adminStats;
  return (
    <Page title="Platform stats">
      <ErrorNotice error={q.error} />
      {q.isPending && <Loading />}
      {s && (
        <div className="stats">
          <Stat label="Organizations" value={`${s.organizations.active} active of ${s.organizations.total}`} />
          <Stat label="Users" value={`${s.users.active} active of ${s.users.total} (${s.users.platformAdmins} admins)`} />
          <Stat label="API keys" value={`${s.apiKeys.active} active, ${s.apiKeys.revoked} revoked`} />
          <Stat label="Calls" value={`${s.calls.total} total, ${s.calls.open} open, ${s.calls.last24h} in 24 h`} />
          <Stat label="Calls by status" value={s.calls.byStatus.map((b) => `${words(b.value)} ${b.count}`).join(', ') || '—'} />
          <Stat label="Deliveries" value={`${s.webhookDeliveries.total}: ${s.webhookDeliveries.byState.map((b) => `${words(b.value)} ${b.count}`).join(', ') || '—'}`} />
          <p className="muted">
            As of <Time value={s.generatedAt} />
          </p>
        </div>
      )}
    </Page>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="card stat">
      <h2>{label}</h2>
      <p>{value}</p>
    </div>
  );
}

function Search({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <div className="filters">
      <label>
        {label}
        <input type="search" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

function OrgsPage() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const cursor = usePageCursor();
  const list = useQuery({ queryKey: ['adminOrgs', q, cursor.after], queryFn: () => execute(OrgsDocument, { q: q || null, after: cursor.after ?? null }), placeholderData: (p) => p });
  const toggle = useMutation({
    mutationFn: (v: { id: string; active: boolean }) => execute(SetOrgActiveDocument, v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['adminOrgs'] }),
  });
  const page = list.data?.adminOrganizations;
  return (
    <Page title="Organizations">
      <Search label="Search by name, member e-mail or id" value={q} onChange={setQ} />
      <ErrorNotice error={list.error ?? toggle.error} />
      <DataTable
        caption="Organizations"
        loading={list.isPending}
        stale={list.isPlaceholderData}
        rows={page?.nodes}
        rowKey={(o) => o.id}
        rowProps={(o) => ({ 'data-org-id': o.id })}
        empty="No organizations match."
        columns={[
          { header: 'Name', cell: (o) => o.name },
          { header: 'Status', cell: (o) => <StatusBadge value={o.active ? 'active' : 'deactivated'} /> },
          { header: 'Users', cell: (o) => o.userCount },
          { header: 'Calls (open)', cell: (o) => `${o.callCount} (${o.openCallCount})` },
          { header: 'Active keys', cell: (o) => o.activeApiKeyCount },
          { header: 'Created', cell: (o) => <Time value={o.createdAt} /> },
          {
            header: 'Actions',
            cell: (o) => (
              <button
                type="button"
                className={o.active ? 'danger' : ''}
                aria-label={`${o.active ? 'Deactivate' : 'Activate'} ${o.name}`}
                onClick={() => window.confirm(`${o.active ? 'Deactivate' : 'Activate'} ${o.name}?`) && toggle.mutate({ id: o.id, active: !o.active })}
              >
                {o.active ? 'Deactivate' : 'Activate'}
              </button>
            ),
          },
        ]}
      />
      {page && <Pager hasNext={page.pageInfo.hasNextPage} endCursor={page.pageInfo.endCursor} cursor={cursor} />}
    </Page>
  );
}

function UsersPage() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const cursor = usePageCursor();
  const list = useQuery({ queryKey: ['adminUsers', q, cursor.after], queryFn: () => execute(UsersDocument, { q: q || null, after: cursor.after ?? null }), placeholderData: (p) => p });
  const toggle = useMutation({
    mutationFn: (v: { id: string; active: boolean }) => execute(SetUserActiveDocument, v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['adminUsers'] }),
  });
  const page = list.data?.adminUsers;
  return (
    <Page title="Users">
      <Search label="Search by e-mail or id" value={q} onChange={setQ} />
      <ErrorNotice error={list.error ?? toggle.error} />
      <DataTable
        caption="Users"
        loading={list.isPending}
        stale={list.isPlaceholderData}
        rows={page?.nodes}
        rowKey={(u) => u.id}
        empty="No users match."
        columns={[
          { header: 'E-mail', cell: (u) => <Email address={u.email} verified={u.emailVerified} /> },
          { header: 'Role', cell: (u) => (u.isPlatformAdmin ? 'platform admin' : words(u.role)) },
          { header: 'Status', cell: (u) => <StatusBadge value={u.active ? 'active' : 'deactivated'} /> },
          { header: 'Created', cell: (u) => <Time value={u.createdAt} /> },
          {
            header: 'Actions',
            cell: (u) => (
              <button
                type="button"
                aria-label={`${u.active ? 'Deactivate' : 'Activate'} ${u.email}`}
                onClick={() => window.confirm(`${u.active ? 'Deactivate' : 'Activate'} ${u.email}?`) && toggle.mutate({ id: u.id, active: !u.active })}
              >
                {u.active ? 'Deactivate' : 'Activate'}
              </button>
            ),
          },
        ]}
      />
      {page && <Pager hasNext={page.pageInfo.hasNextPage} endCursor={page.pageInfo.endCursor} cursor={cursor} />}
    </Page>
  );
}

function AuditPage() {
  const cursor = usePageCursor();
  const list = useQuery({ queryKey: ['adminAudit', cursor.after], queryFn: () => execute(AuditDocument, { after: cursor.after ?? null }), placeholderData: (p) => p });
  const page = list.data?.adminAuditLog;
  return (
    <Page title="Audit log">
      <ErrorNotice error={list.error} />
      <DataTable
        caption="Audit log, newest first"
        loading={list.isPending}
        stale={list.isPlaceholderData}
        rows={page?.nodes}
        rowKey={(a) => a.id}
        empty="No admin actions yet."
        columns={[
          { header: 'When', cell: (a) => <Time value={a.createdAt} /> },
          { header: 'Who', cell: (a) => a.actorEmail },
          { header: 'Action', cell: (a) => <code>{dotted(a.action)}</code> },
          {
            header: 'Target',
            cell: (a) => (
              <>
                {words(a.targetType)} <code>{a.targetId.slice(0, 8)}</code>
              </>
            ),
          },
        ]}
      />
      {page && <Pager hasNext={page.pageInfo.hasNextPage} endCursor={page.pageInfo.endCursor} cursor={cursor} />}
    </Page>
  );
}
