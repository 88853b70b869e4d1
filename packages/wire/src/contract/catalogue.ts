/** The fields of a catalogue entry (GET /api/v1/indexes) both sides agree on, before any figures. */
export interface CatalogueEntry {
  readonly symbol: string;
  readonly hub: string;
  readonly grade: string;
  readonly leadTime: string;
  readonly description: string;
  readonly isActive: boolean;
}
