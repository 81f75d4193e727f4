import { SANDBOX_LIMITS } from '../config/sandbox-limits.js';
/** An uploaded proof-of-payment image (§4.2 attachmentId, §4.7 media upload). */
export interface MediaRecord {
  readonly id: string;
  readonly merchantId: string;
  readonly fileName: string;
  readonly contentType: 'image/png' | 'image/jpeg';
  readonly bytes: Buffer;
}

/** Uploaded images by id; past `maxBytes` of them together the oldest go (SANDBOX_LIMITS). */
export class MediaStore {
  private readonly byId = new Map<string, MediaRecord>();
  private bytes = 0;

  constructor(private readonly maxBytes: number = SANDBOX_LIMITS.mediaBytes) {}

  add(record: MediaRecord): MediaRecord {
    for (const [id, oldest] of this.byId) {
      if (this.bytes + record.bytes.length <= this.maxBytes) break;
      this.byId.delete(id);
      this.bytes -= oldest.bytes.length;
    }
    this.byId.set(record.id, record);
    this.bytes += record.bytes.length;
    return record;
  }

  get(id: string): MediaRecord | undefined {
    return this.byId.get(id);
  }

  clear(): void {
    this.bytes = 0;
    this.byId.clear();
  }
}
