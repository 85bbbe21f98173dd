/** The voice catalogue as the API returns it (spec 000 §3 and §7). */

export interface Voice {
  id: string;
  name: string;
  description: string;
}

export interface VoicesResponse {
  voices: Voice[];
}
