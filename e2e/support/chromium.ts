import fs from 'node:fs';

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate)) ?? null;
}

export const CHROMIUM_MISSING =
  'No se encontró Chromium (apt-get install chromium, o CHROMIUM_PATH): las pruebas de navegador se omiten.';
