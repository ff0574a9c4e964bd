/**
 * The zip and postal codes the emulator's targeting search knows, with the opaque ids TikTok targets them
 * by (`zipcode_ids`). TikTok's batch zip code search covers the US (five-digit zip codes) and Canada
 * (three-character FSAs).
 */
export const ZIPCODES: { region_code: 'US' | 'CA'; code: string; geo_id: string; description: string }[] = [
  { region_code: 'US', code: '10001', geo_id: '6252001100010', description: 'New York, NY' },
  { region_code: 'US', code: '10002', geo_id: '6252001100020', description: 'New York, NY' },
  { region_code: 'US', code: '60601', geo_id: '6252001606010', description: 'Chicago, IL' },
  { region_code: 'US', code: '90210', geo_id: '6252001902100', description: 'Beverly Hills, CA' },
  { region_code: 'US', code: '94103', geo_id: '6252001941030', description: 'San Francisco, CA' },
  { region_code: 'CA', code: 'M5V', geo_id: '6251999005051', description: 'Toronto, ON' },
  { region_code: 'CA', code: 'H2X', geo_id: '6251999008024', description: 'Montréal, QC' },
];

export const zipcodeById = (geoId: string) => ZIPCODES.find((z) => z.geo_id === geoId);
