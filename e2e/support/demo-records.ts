/** The parts of the demo data's API answers that the browser tests read. */
export interface DemoAddress {
  id: number;
  client_id: number;
  client: { name: string; identification_type: string; identification: string };
  address: string;
  months_to_pay: number;
  economic_activity_id: number | null;
}

export interface DemoClient {
  id: number;
  email: string | null;
  phone: string[];
}
