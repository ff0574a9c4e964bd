import { instantAt, zonedTime } from '../../domain/zoned-time.js';

/**
 * Microsoft Advertising's time zone values (the "Time Zones" page of the Bing Ads API v13 guides)
 * as IANA zones: each is the zone of the first city the value names, so daylight saving time follows
 * that city's rules.
 */
export const MICROSOFT_TIME_ZONES: Record<string, string> = {
  AbuDhabiMuscat: 'Asia/Dubai',
  Adelaide: 'Australia/Adelaide',
  Alaska: 'America/Anchorage',
  AlmatyNovosibirsk: 'Asia/Almaty',
  AmsterdamBerlinBernRomeStockholmVienna: 'Europe/Berlin',
  Arizona: 'America/Phoenix',
  AstanaDhaka: 'Asia/Dhaka',
  AthensBuckarestIstanbul: 'Europe/Athens',
  AtlanticTimeCanada: 'America/Halifax',
  AucklandWellington: 'Pacific/Auckland',
  Azores: 'Atlantic/Azores',
  Baghdad: 'Asia/Baghdad',
  BakuTbilisiYerevan: 'Asia/Baku',
  BangkokHanoiJakarta: 'Asia/Bangkok',
  BeijingChongqingHongKongUrumqi: 'Asia/Shanghai',
  BelgradeBratislavaBudapestLjubljanaPrague: 'Europe/Belgrade',
  BogotaLimaQuito: 'America/Bogota',
  Brasilia: 'America/Sao_Paulo',
  Brisbane: 'Australia/Brisbane',
  BrusselsCopenhagenMadridParis: 'Europe/Brussels',
  Bucharest: 'Europe/Bucharest',
  BuenosAiresGeorgetown: 'America/Argentina/Buenos_Aires',
  Cairo: 'Africa/Cairo',
  CanberraMelbourneSydney: 'Australia/Sydney',
  CapeVerdeIsland: 'Atlantic/Cape_Verde',
  CaracasLaPaz: 'America/Caracas',
  CasablancaMonrovia: 'Africa/Monrovia',
  CentralAmerica: 'America/Guatemala',
  CentralTimeUSCanada: 'America/Chicago',
  ChennaiKolkataMumbaiNewDelhi: 'Asia/Kolkata',
  ChihuahuaLaPazMazatlan: 'America/Mazatlan',
  Darwin: 'Australia/Darwin',
  EasternTimeUSCanada: 'America/New_York',
  Ekaterinburg: 'Asia/Yekaterinburg',
  FijiKamchatkaMarshallIsland: 'Pacific/Fiji',
  Greenland: 'America/Nuuk',
  GreenwichMeanTimeDublinEdinburghLisbonLondon: 'Europe/London',
  GuadalajaraMexicoCityMonterrey: 'America/Mexico_City',
  GuamPortMoresby: 'Pacific/Guam',
  HararePretoria: 'Africa/Harare',
  Hawaii: 'Pacific/Honolulu',
  HelsinkiKyivRigaSofiaTallinnVilnius: 'Europe/Helsinki',
  Hobart: 'Australia/Hobart',
  IndianaEast: 'America/Indiana/Indianapolis',
  InternationalDateLineWest: 'Etc/GMT+12',
  IrkutskUlaanBataar: 'Asia/Irkutsk',
  IslandamabadKarachiTashkent: 'Asia/Karachi',
  Jerusalem: 'Asia/Jerusalem',
  Kabul: 'Asia/Kabul',
  Kathmandu: 'Asia/Kathmandu',
  Krasnoyarsk: 'Asia/Krasnoyarsk',
  KualaLumpurSingapore: 'Asia/Kuala_Lumpur',
  KuwaitRiyadh: 'Asia/Kuwait',
  MidAtlantic: 'Atlantic/South_Georgia',
  MidwayIslandAndSamoa: 'Pacific/Midway',
  MoscowStPetersburgVolgograd: 'Europe/Moscow',
  MountainTimeUSCanada: 'America/Denver',
  Nairobi: 'Africa/Nairobi',
  Newfoundland: 'America/St_Johns',
  Nukualofa: 'Pacific/Tongatapu',
  OsakaSapporoTokyo: 'Asia/Tokyo',
  PacificTimeUSCanadaTijuana: 'America/Los_Angeles',
  Perth: 'Australia/Perth',
  Rangoon: 'Asia/Yangon',
  Santiago: 'America/Santiago',
  SarajevoSkopjeWarsawZagreb: 'Europe/Sarajevo',
  Saskatchewan: 'America/Regina',
  Seoul: 'Asia/Seoul',
  SolomonIslandNewCaledonia: 'Pacific/Guadalcanal',
  SriJayawardenepura: 'Asia/Colombo',
  Taipei: 'Asia/Taipei',
  Tehran: 'Asia/Tehran',
  Vladivostok: 'Asia/Vladivostok',
  WestCentralAfrica: 'Africa/Lagos',
  Yakutsk: 'Asia/Yakutsk',
};

/** A calendar day as the Campaign Management API writes it (its `Date` object). */
export interface MicrosoftDate {
  Day: number;
  Month: number;
  Year: number;
}

/** The IANA zone of a Microsoft time zone value, or undefined for a value the guides do not list. */
export const ianaZone = (timeZone: string | null | undefined): string | undefined =>
  MICROSOFT_TIME_ZONES[timeZone ?? ''];

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The day `days` after a calendar day. */
export function addDays(date: MicrosoftDate, days: number): MicrosoftDate {
  const next = new Date(Date.UTC(date.Year, date.Month - 1, date.Day) + days * DAY_MS);
  return { Day: next.getUTCDate(), Month: next.getUTCMonth() + 1, Year: next.getUTCFullYear() };
}

/** The midnight that begins a calendar day in an IANA zone, as ISO 8601 with that zone's offset. */
export function midnightOf(date: MicrosoftDate, zone: string): string {
  const wall = `${date.Year}-${pad(date.Month)}-${pad(date.Day)}T00:00:00`;
  return zonedTime(new Date(instantAt(wall, zone)), zone);
}

/** The calendar day an instant falls on in an IANA zone, and whether it is that day's midnight. */
export function dayOf(instant: string, zone: string): { date: MicrosoftDate; midnight: boolean } {
  const zoned = zonedTime(new Date(instant), zone);
  const [year, month, day] = zoned.slice(0, 10).split('-').map(Number) as [number, number, number];
  return { date: { Day: day, Month: month, Year: year }, midnight: zoned.slice(11, 19) === '00:00:00' };
}

/**
 * The Reporting service's ReportTimeZone values are the Campaign Management time zones, but three
 * are spelled differently (the SDK's ReportTimeZone enum against the Time Zones guide).
 */
const REPORT_SPELLINGS: Record<string, string> = {
  AthensBuckarestIstanbul: 'AthensIslandanbulMinsk',
  MidwayIslandAndSamoa: 'MidwayIslandandSamoa',
  SolomonIslandNewCaledonia: 'MagadanSolomonIslandNewCaledonia',
};
const CAMPAIGN_SPELLINGS = Object.fromEntries(Object.entries(REPORT_SPELLINGS).map(([c, r]) => [r, c]));

/** The ReportTimeZone value of an account's time zone, or undefined for a value the guides do not list. */
export const reportTimeZone = (timeZone: string | null | undefined): string | undefined =>
  ianaZone(timeZone) ? (REPORT_SPELLINGS[timeZone ?? ''] ?? timeZone ?? undefined) : undefined;

/** The IANA zone of a ReportTimeZone value. */
export const reportZoneIana = (reportZone: string): string | undefined =>
  ianaZone(CAMPAIGN_SPELLINGS[reportZone] ?? reportZone);

/** Microsoft's default ReportTimeZone, where a request names none. */
export const DEFAULT_REPORT_TIME_ZONE = 'PacificTimeUSCanadaTijuana';
