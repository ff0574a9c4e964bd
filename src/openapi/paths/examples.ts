/** Values the examples of the document share, so they read as one story. */
export const EXAMPLE = {
  company: '6f0c2a51-3d4e-4b8a-9f1c-2e7d5a9b0c11',
  customer: '0b6c7f3e-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
  createdAt: '2026-11-22T10:00:00.123456Z',
  expiresAt: '2026-11-22T10:15:00.000Z',
  adAccount: { id: 'act_1234567890', name: 'Acme Bakery EU', currency: 'EUR' },
} as const;
