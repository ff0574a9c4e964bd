/** The image types adlink takes; each platform's media adapter names those it accepts. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** An image in an ad account, exactly as the API documents it. */
export interface Media {
  /** The platform's id for it (Meta's image hash, Google's asset resource name), or adlink's `med_…`. */
  id: string;
  platform: string;
  advertiser: string;
  kind: 'Image';
  width: number;
  height: number;
  /** Size in bytes; null for an image the platform lists without one. */
  bytes: number | null;
  /** SHA-256 of the bytes, hex; null for an image the platform lists without one. */
  sha256: string | null;
  contentType: ImageType | null;
  /** The file name it was uploaded with, or the platform's name for it. */
  name: string;
  /** When adlink uploaded it (ISO 8601), or when the platform says it was created. */
  createdAt: string;
}

/** An uploaded file, read whole after its size was capped and its type and dimensions checked. */
export interface ImageFile {
  bytes: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
  sha256: string;
  name: string;
}

/** An aspect ratio (width / height) and how far an image may be from it. */
export interface AspectRatio {
  /** As the platform writes it: `1.91:1`, `1:1`, `9:16`. */
  name: string;
  width: number;
  height: number;
  /** Allowed relative deviation of width/height from width/height of the ratio (0.01 = 1 %). */
  tolerance: number;
}

/** Whether an image of `width`×`height` has the aspect ratio. */
export const hasRatio = (r: AspectRatio, width: number, height: number): boolean =>
  Math.abs(width / height / (r.width / r.height) - 1) <= r.tolerance;

/** An image an ad is created with: the record, and the bytes where the platform takes them inline. */
export interface ResolvedMedia {
  media: Media;
  file?: ImageFile;
}
