import { useMutation } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { Link, NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { execute } from './api/client';
import { useMe, useSessionToken } from './api/me';
import { setSession } from './api/session';
import { lower, words } from './api/words';
import { ErrorNotice, Loading, Page } from './components/ui';
import { graphql } from './gql';
import { AcceptInvitationPage, LoginPage, ResetPasswordPage, SignupPage, VerifyEmailPage } from './pages/auth';
import { CallDetailPage, CallsPage, PlaceCallPage } from './pages/calls';

// Pages a visitor rarely opens first are loaded on demand: the calls page stays small.
const ApiKeysPage = lazy(() => import('./pages/org').then((m) => ({ default: m.ApiKeysPage })));
const WebhookPage = lazy(() => import('./pages/org').then((m) => ({ default: m.WebhookPage })));
const CarrierPage = lazy(() => import('./pages/carrier').then((m) => ({ default: m.CarrierPage })));
const AgentPage = lazy(() => import('./pages/agent').then((m) => ({ default: m.AgentPage })));
const InboundPage = lazy(() => import('./pages/inbound').then((m) => ({ default: m.InboundPage })));
const MembersPage = lazy(() => import('./pages/org').then((m) => ({ default: m.MembersPage })));
const DeliveriesPage = lazy(() => import('./pages/deliveries').then((m) => ({ default: m.DeliveriesPage })));
const CampaignsPage = lazy(() => import('./pages/campaigns').then((m) => ({ default: m.CampaignsPage })));
const CampaignPage = lazy(() => import('./pages/campaigns').then((m) => ({ default: m.CampaignPage })));
const NewCampaignPage = lazy(() => import('./pages/campaign-new').then((m) => ({ default: m.NewCampaignPage })));
const SuppressionsPage = lazy(() => import('./pages/suppressions').then((m) => ({ default: m.SuppressionsPage })));
const AnalyticsPage = lazy(() => import('./pages/analytics').then((m) => ({ default: m.AnalyticsPage })));
const AdminPage = lazy(() => import('./pages/admin').then((m) => ({ default: m.AdminPage })));

const ResendVerificationDocument = graphql(`
  mutation ResendVerification {
    resendVerification
  }
`);

function RequireSession({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  const location = useLocation();
  if (!token) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}

function Shell({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  const me = useMe();
  const resend = useMutation({ mutationFn: () => execute(ResendVerificationDocument) });
  const user = me.data?.me;
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <Link to="/calls" className="brand" aria-label="voicegate home">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width="24" height="24" /> voicegate
        </Link>
        {token && (
          <nav aria-label="Main">
            <NavLink to="/calls">Calls</NavLink>
            <NavLink to="/campaigns">Campaigns</NavLink>
            <NavLink to="/do-not-call">Do not call</NavLink>
            <NavLink to="/analytics">Analytics</NavLink>
            <NavLink to="/deliveries">Deliveries</NavLink>
            <NavLink to="/keys">API keys</NavLink>
            <NavLink to="/webhook">Webhook</NavLink>
            <NavLink to="/carrier">Carrier</NavLink>
            <NavLink to="/agent">Agent</NavLink>
            <NavLink to="/inbound">Inbound</NavLink>
            {lower(user?.role ?? '') === 'owner' && <NavLink to="/members">Members</NavLink>}
            {lower(user?.role ?? '') === 'platform_admin' && <NavLink to="/admin">Admin</NavLink>}
          </nav>
        )}
        {token && (
          <div className="who">
            {user && (
              <span className="muted small">
                {user.email} · {user.organization.name} · {words(user.role)}
              </span>
            )}
            <button type="button" onClick={() => setSession(null)}>
              Log out
            </button>
          </div>
        )}
      </header>
      {user && !user.emailVerified && (
        <div className="banner" role="status">
          Verify your e-mail address: check your inbox.{' '}
          {resend.isSuccess ? (
            'Sent again.'
          ) : (
            <button type="button" className="link" onClick={() => resend.mutate()} disabled={resend.isPending}>
              Send the link again
            </button>
          )}
          <ErrorNotice error={resend.error} />
        </div>
      )}
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
    </>
  );
}

function NotFound() {
  return (
    <Page title="Page not found">
      <p>
        There is nothing here. <Link to="/calls">Go to calls</Link>
      </p>
    </Page>
  );
}

const guarded = (el: ReactNode) => <RequireSession>{el}</RequireSession>;

export function App() {
  return (
    <Shell>
      <Routes>
        <Route path="/" element={<Navigate to="/calls" replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
        <Route path="/calls" element={guarded(<CallsPage />)} />
        <Route path="/calls/new" element={guarded(<PlaceCallPage />)} />
        <Route path="/calls/:id" element={guarded(<CallDetailPage />)} />
        <Route path="/campaigns" element={guarded(<CampaignsPage />)} />
        <Route path="/campaigns/new" element={guarded(<NewCampaignPage />)} />
        <Route path="/campaigns/:id" element={guarded(<CampaignPage />)} />
        <Route path="/do-not-call" element={guarded(<SuppressionsPage />)} />
        <Route path="/analytics" element={guarded(<AnalyticsPage />)} />
        <Route path="/deliveries" element={guarded(<DeliveriesPage />)} />
        <Route path="/keys" element={guarded(<ApiKeysPage />)} />
        <Route path="/webhook" element={guarded(<WebhookPage />)} />
        <Route path="/carrier" element={guarded(<CarrierPage />)} />
        <Route path="/agent" element={guarded(<AgentPage />)} />
        <Route path="/inbound" element={guarded(<InboundPage />)} />
        <Route path="/members" element={guarded(<MembersPage />)} />
        <Route path="/admin/*" element={guarded(<AdminPage />)} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Shell>
  );
}
