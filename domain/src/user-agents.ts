import Bowser from 'bowser';
import { EMPTY_TEXT } from './format';

/**
 * A session's browser as a person names it, "Chrome 156 · Linux" (issue 51): the browser's name and
 * major version and the system. A text that names no known browser (a script, a test client) is
 * shown as it came.
 */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return EMPTY_TEXT;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return userAgent;
  const major = browser.version?.split('.')[0];
  return [major ? `${browser.name} ${major}` : browser.name, os.name].filter(Boolean).join(' · ');
}
