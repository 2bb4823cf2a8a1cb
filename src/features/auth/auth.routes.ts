import { Router } from 'express';
import type { Services } from '../../services';
import { bearerToken, dashboardAuth } from '../../rest/auth.middleware';
import { presentNewApiKey } from '../api-keys/api-keys.presenter';
import { presentOrganization, presentUser } from '../users/users.presenter';
import type { SessionToken } from './auth.service';

const presentSession = (s: SessionToken) => ({ access_token: s.accessToken, token_type: s.tokenType, expires_in: s.expiresIn });

export function authRoutes(s: Services): Router {
  const r = Router();
  const jwt = dashboardAuth(s.auth);

  r.post('/signup', async (req, res) => {
    const out = await s.auth.signup(req.ctx, req.body);
    res.status(201).json({
      ...presentSession(out),
      user: { id: out.user.id, email: out.user.email, role: out.user.role, org_id: out.user.orgId, email_verified: out.user.emailVerified },
      organization: { id: out.organization.id, name: out.organization.name },
      api_key: presentNewApiKey(out.apiKey),
      webhook_secret: out.webhookSecret,
    });
  });

  r.post('/login', async (req, res) => {
    res.json(presentSession(await s.auth.login(req.ctx, req.body)));
  });

  r.get('/me', jwt, async (req, res) => {
    const { user, organization } = await s.auth.me(req.ctx);
    res.json({ ...presentUser(user), organization: presentOrganization(organization) });
  });

  // ---- account lifecycle (docs/accounts.md) ----
  // Signed in or not: an address with admin rights is verified only signed in (docs/accounts.md).
  r.post('/verify-email', async (req, res) => {
    if (req.headers.authorization) req.ctx.actor = await s.auth.authenticate(req.ctx, bearerToken(req));
    await s.accounts.verifyEmail(req.ctx, req.body);
    res.json({ email_verified: true });
  });

  r.post('/resend-verification', jwt, async (req, res) => {
    await s.accounts.resendVerification(req.ctx);
    res.status(202).json({ status: 'accepted' });
  });

  r.post('/password-reset', async (req, res) => {
    await s.accounts.requestPasswordReset(req.ctx, req.body);
    res.status(202).json({ status: 'accepted' });
  });

  r.post('/password-reset/confirm', async (req, res) => {
    res.json(presentSession(await s.accounts.confirmPasswordReset(req.ctx, req.body)));
  });

  r.post('/change-password', jwt, async (req, res) => {
    res.json(presentSession(await s.accounts.changePassword(req.ctx, req.body)));
  });

  r.post('/logout-all', jwt, async (req, res) => {
    await s.accounts.logoutAll(req.ctx);
    res.status(204).end();
  });

  r.post('/accept-invitation', async (req, res) => {
    res.json(presentSession(await s.accounts.acceptInvitation(req.ctx, req.body)));
  });

  return r;
}
