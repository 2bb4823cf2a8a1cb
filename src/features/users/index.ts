/**
 * The users feature's public module: what other features may use of it (the layer rules in
 * docs/architecture.md; test/unit/dependency-rules.test.ts enforces them).
 */
export { User } from './user.entity';
export { presentUser } from './users.presenter';
export { USER_EXAMPLE, userSchema } from './users.schemas';
export { MeType, UserType } from './users.types';
