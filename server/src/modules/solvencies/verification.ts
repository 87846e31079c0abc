import { solvencyMessages, verifySolvencyPath, type SolvencyRow, type SolvencyVerification } from '@recaudo/domain/solvencies';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { publicLookup } from '../auth/public-lookup';
import { locationOf, solvencyByHash } from './queries';

/** `${APP_URL}/verify-solvency/{hash}`: the address the certificate's QR code and e-mail carry. */
export const solvencyVerificationUrl = (appUrl: string, hash: string) => `${appUrl.replace(/\/+$/, '')}${verifySolvencyPath(hash)}`;

/** The public page's data: what it shows and whether the certificate still holds (no e-mail, ids or hash). */
export function presentSolvencyVerification(row: SolvencyRow): SolvencyVerification {
  return {
    client: { name: row.client.name, identification_type: row.client.identification_type, identification: row.client.identification },
    type: row.type,
    address: row.address_payment.address,
    location: locationOf(row.address_payment),
    created_at: row.created_at,
    solvent_to_date: row.solvent_to_date,
    is_valid: row.is_valid,
    revoked_at: row.revoked_at,
    revoked_reason: row.revoked_reason,
  };
}

/** What the public verification (call and page) shows of the certificate with this hash; 404 when none has it. */
export const findSolvencyVerification = (db: Database, config: Config, hash: string, ip: string) =>
  publicLookup(db, config, { missAction: 'verify-solvency-miss', ip, notFoundMessage: solvencyMessages.hashNotFound }, async () => {
    const row = await solvencyByHash(db, hash);
    return row && presentSolvencyVerification(row);
  });
