import { Router } from 'express';
import type { Services } from '../../services';
import { dashboardAuth } from '../../rest/auth.middleware';
import { presentNewApiKey } from '../api-keys/api-keys.presenter';
import { presentOrganization, presentUser } from '../users/users.presenter';

export function authRoutes(s: Services): Router {
  const r = Router();

  r.post('/signup', async (req, res) => {
    const out = await s.auth.signup(req.ctx, req.body);
    res.status(201).json({
      access_token: out.accessToken,
      token_type: out.tokenType,
      expires_in: out.expiresIn,
      user: { id: out.user.id, email: out.user.email, role: out.user.role, org_id: out.user.orgId },
      organization: { id: out.organization.id, name: out.organization.name },
      api_key: presentNewApiKey(out.apiKey),
      webhook_secret: out.webhookSecret,
    });
  });

  r.post('/login', async (req, res) => {
    const out = await s.auth.login(req.ctx, req.body);
    res.json({ access_token: out.accessToken, token_type: out.tokenType, expires_in: out.expiresIn });
  });

  r.get('/me', dashboardAuth(s.auth), async (req, res) => {
    const { user, organization } = await s.auth.me(req.ctx);
    res.json({ ...presentUser(user), organization: presentOrganization(organization) });
  });

  return r;
}
