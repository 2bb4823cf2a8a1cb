import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { execute } from '../api/client';
import { sessionEndedBecause, setSession } from '../api/session';
import { ErrorNotice, Page, CopyButton } from '../components/ui';
import { graphql } from '../gql';

const LoginDocument = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      accessToken
      expiresIn
    }
  }
`);

const SignupDocument = graphql(`
  mutation Signup($input: SignupInput!) {
    signup(input: $input) {
      accessToken
      expiresIn
      webhookSecret
      apiKey {
        id
        prefix
        secret
      }
    }
  }
`);

const VerifyEmailDocument = graphql(`
  mutation VerifyEmail($token: String!) {
    verifyEmail(token: $token) {
      emailVerified
    }
  }
`);

const RequestResetDocument = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

const ResetPasswordDocument = graphql(`
  mutation ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password) {
      accessToken
      expiresIn
    }
  }
`);

const AcceptInvitationDocument = graphql(`
  mutation AcceptInvitation($token: String!, $password: String!) {
    acceptInvitation(token: $token, password: $password) {
      accessToken
      expiresIn
    }
  }
`);

function field(form: HTMLFormElement, name: string): string {
  return String(new FormData(form).get(name) ?? '');
}

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ended = sessionEndedBecause();
  const login = useMutation({
    mutationFn: (v: { email: string; password: string }) => execute(LoginDocument, v),
    onSuccess: (d) => {
      setSession(d.login);
      navigate(params.get('next') ?? '/calls', { replace: true });
    },
  });
  return (
    <Page title="Log in">
      {ended && (
        <p className="notice" role="status">
          You were signed out: {ended}
        </p>
      )}
      <form
        className="card form"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          login.mutate({ email: field(e.currentTarget, 'email'), password: field(e.currentTarget, 'password') });
        }}
      >
        <label>
          E-mail
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <ErrorNotice error={login.error} />
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </button>
        <p>
          No account? <Link to="/signup">Sign up</Link> · <Link to="/reset-password">Forgot your password?</Link>
        </p>
      </form>
    </Page>
  );
}

export function SignupPage() {
  const [secrets, setSecrets] = useState<{ apiKey: string; webhookSecret: string } | null>(null);
  const navigate = useNavigate();
  const signup = useMutation({
    mutationFn: (input: { email: string; password: string; organizationName?: string }) => execute(SignupDocument, { input }),
    onSuccess: (d) => {
      setSession(d.signup);
      setSecrets({ apiKey: d.signup.apiKey.secret, webhookSecret: d.signup.webhookSecret });
    },
  });
  if (secrets) {
    return (
      <Page title="Welcome to voicegate">
        <div className="card">
          <p>Your organization is ready. These two secrets are shown only now: store them safely.</p>
          <SecretRow label="API key" value={secrets.apiKey} />
          <SecretRow label="Webhook signing secret" value={secrets.webhookSecret} />
          <p className="muted">We also sent you an e-mail to verify your address.</p>
          <button type="button" className="primary" onClick={() => navigate('/calls')}>
            Go to the dashboard
          </button>
        </div>
      </Page>
    );
  }
  return (
    <Page title="Sign up">
      <form
        className="card form"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          const org = field(e.currentTarget, 'organizationName').trim();
          signup.mutate({ email: field(e.currentTarget, 'email'), password: field(e.currentTarget, 'password'), ...(org ? { organizationName: org } : {}) });
        }}
      >
        <label>
          Organization name <span className="muted">(optional)</span>
          <input name="organizationName" autoComplete="organization" />
        </label>
        <label>
          E-mail
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password <span className="muted">(at least 8 characters)</span>
          <input name="password" type="password" autoComplete="new-password" minLength={8} required />
        </label>
        <ErrorNotice error={signup.error} />
        <button type="submit" className="primary" disabled={signup.isPending}>
          {signup.isPending ? 'Creating…' : 'Create organization'}
        </button>
        <p>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </form>
    </Page>
  );
}

export function SecretRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="secret">
      <span>{label}</span>
      <code data-testid={`secret-${label.toLowerCase().replace(/\W+/g, '-')}`}>{value}</code>
      <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const qc = useQueryClient();
  const verify = useMutation({
    mutationFn: () => execute(VerifyEmailDocument, { token }),
    // The banner asking to verify reads `me`: refresh it.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['me'] }),
  });
  return (
    <Page title="Verify your e-mail">
      <div className="card">
        {verify.isSuccess ? (
          <p role="status">Your e-mail address is verified. <Link to="/calls">Continue to the dashboard</Link></p>
        ) : !token ? (
          <p>This page needs the link from your verification e-mail.</p>
        ) : (
          <>
            <p>Confirm that this address is yours.</p>
            <ErrorNotice error={verify.error} />
            <button type="button" className="primary" disabled={verify.isPending} onClick={() => verify.mutate()}>
              Verify my e-mail
            </button>
          </>
        )}
      </div>
    </Page>
  );
}

function SetPasswordForm({ action, pending, error, submit }: { action: string; pending: boolean; error: unknown; submit: (password: string) => void }) {
  return (
    <form
      className="card form"
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        submit(field(e.currentTarget, 'password'));
      }}
    >
      <label>
        New password <span className="muted">(at least 8 characters)</span>
        <input name="password" type="password" autoComplete="new-password" minLength={8} required />
      </label>
      <ErrorNotice error={error} />
      <button type="submit" className="primary" disabled={pending}>
        {action}
      </button>
    </form>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const request = useMutation({ mutationFn: (email: string) => execute(RequestResetDocument, { email }) });
  const reset = useMutation({
    mutationFn: (password: string) => execute(ResetPasswordDocument, { token: token ?? '', password }),
    onSuccess: (d) => {
      setSession(d.resetPassword);
      navigate('/calls', { replace: true });
    },
  });
  if (token) {
    return (
      <Page title="Choose a new password">
        <SetPasswordForm action="Set password" pending={reset.isPending} error={reset.error} submit={(p) => reset.mutate(p)} />
      </Page>
    );
  }
  return (
    <Page title="Reset your password">
      {request.isSuccess ? (
        <p className="card" role="status">
          If an account uses that address, a reset link is on its way. The link works once.
        </p>
      ) : (
        <form
          className="card form"
          onSubmit={(e: FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            request.mutate(field(e.currentTarget, 'email'));
          }}
        >
          <label>
            E-mail
            <input name="email" type="email" autoComplete="username" required />
          </label>
          <ErrorNotice error={request.error} />
          <button type="submit" className="primary" disabled={request.isPending}>
            Send reset link
          </button>
        </form>
      )}
    </Page>
  );
}

export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const accept = useMutation({
    mutationFn: (password: string) => execute(AcceptInvitationDocument, { token, password }),
    onSuccess: (d) => {
      setSession(d.acceptInvitation);
      navigate('/calls', { replace: true });
    },
  });
  return (
    <Page title="Join your organization">
      {token ? (
        <SetPasswordForm action="Accept invitation" pending={accept.isPending} error={accept.error} submit={(p) => accept.mutate(p)} />
      ) : (
        <p className="card">This page needs the link from your invitation e-mail.</p>
      )}
    </Page>
  );
}
