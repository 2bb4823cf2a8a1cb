import { startTestApp, type TestApp } from '../helpers/test-app';
import { signup, bearer } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { MeDocument } from '../graphql/generated';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('signup then me over REST and GraphQL', async () => {
  const org = await signup(app);
  const rest = await app.http().get('/auth/me').set(bearer(org.token));
  expect(rest.status).toBe(200);
  const g = await gql(app, MeDocument, {}, org.token);
  expect(g.data?.me.id).toBe(rest.body.id);
});
