import { randomBytes } from 'node:crypto';

/** The methods we answer inside a call (Allow header). */
export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, UPDATE';

/** A Via branch: the RFC 3261 magic cookie and 96 random bits. */
export const newBranch = (): string => `z9hG4bK${randomBytes(12).toString('hex')}`;

/** A From/To tag: 64 random bits. */
export const newTag = (): string => randomBytes(8).toString('hex');
