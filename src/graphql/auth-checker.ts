import type { AuthChecker } from 'type-graphql';
import type { GqlContext } from './context';

/**
 * `@Authorized()` means "a valid dashboard token". Roles (owner, platform admin) are enforced by
 * the services themselves, so REST and GraphQL cannot disagree about them.
 */
export const authChecker: AuthChecker<GqlContext> = async ({ context }) => {
  await context.authenticate();
  return true;
};
