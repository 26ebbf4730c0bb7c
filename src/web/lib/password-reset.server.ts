import { authText } from '../i18n/auth';
import { readResetEmail } from './session.server.js';
import { redirectWithToast } from './toast.server.js';

/** The code and new-password steps need the e-mail of the first step; without it, start over. */
export function requireResetEmail(request: Request): string {
  const email = readResetEmail(request);
  if (email) return email;
  throw redirectWithToast(request, '/user/forgetPassword', { type: 'info', text: authText.startRecovery });
}
