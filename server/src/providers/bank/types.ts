import type { BankMovement, ConciliationErrorCode } from '@recaudo/domain/bank-operations';

/** One pago móvil to confirm with the bank (providers.md §1.2 `getMovement`). */
export interface MobilePaymentQuery {
  /** Payer's cédula or RIF as the bank writes it: "V12345678". */
  payerIdentification: string;
  /** Local format "04141234567". */
  payerPhone: string;
  reference: string;
  /** YYYY-MM-DD. */
  paymentDate: string;
  /** Decimal text with two decimals: "120.00". */
  amount: string;
  /** 4-digit bank code. */
  originBank: string;
}

/** What the bank said about one validation, classified into the app's error codes. */
export interface MobilePaymentVerdict {
  success: boolean;
  errorCode: ConciliationErrorCode | null;
  /** The bank's own text (its `message`), or what failed when it gave none. */
  bdvMessage: string | null;
  /** What came back, kept on the conciliation row: HTTP status and body, or the connection failure. */
  responseData: Record<string, unknown>;
}

export interface MovementsQuery {
  /** DD/MM/YYYY. */
  dateInit: string;
  dateEnd: string;
  currencyType: string;
  /** "" for the newest page; else the lowest `nroMov` received so far. */
  movementNumber: string;
}

export interface MovementsPage {
  movs: BankMovement[];
  totalOfMovements: number;
}

/** A movements query the bank refused or could not answer. */
export class BankUnavailableError extends Error {
  constructor(
    message: string,
    readonly code: ConciliationErrorCode,
  ) {
    super(message);
  }
}

/** The bank as the app uses it: the HTTP client talks to BDV or to the simulator. */
export interface BankProvider {
  validateMobilePayment(query: MobilePaymentQuery): Promise<MobilePaymentVerdict>;
  /** One page of movements; an empty range answers no movements, not an error. */
  movements(query: MovementsQuery): Promise<MovementsPage>;
}
