import bcrypt from 'bcrypt';

/**
 * bcrypt with a configurable cost (>= 10 in production). A dummy hash of the same cost lets a
 * login for an unknown e-mail spend the same time as one with a wrong password.
 */
let dummyHash: { cost: number; hash: Promise<string> } | undefined;

export const hashPassword = (password: string, cost: number): Promise<string> => bcrypt.hash(password, cost);

export async function verifyPassword(password: string, hash: string | null, cost: number): Promise<boolean> {
  if (hash) return bcrypt.compare(password, hash);
  if (!dummyHash || dummyHash.cost !== cost) dummyHash = { cost, hash: bcrypt.hash('voicegate-timing-equaliser', cost) };
  await bcrypt.compare(password, await dummyHash.hash);
  return false;
}
