/** Password hashing lives in shared/ (users and auth both hash); this path stays for existing imports. */
export { hashPassword, verifyPassword } from '../../shared/passwords';
