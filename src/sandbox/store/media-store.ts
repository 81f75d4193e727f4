/** An uploaded proof-of-payment image (§4.2 attachmentId, §4.7 media upload). */
export interface MediaRecord {
  readonly id: string;
  readonly merchantId: string;
  readonly fileName: string;
  readonly contentType: 'image/png' | 'image/jpeg';
  readonly bytes: Buffer;
}

export class MediaStore {
  private readonly byId = new Map<string, MediaRecord>();

  add(record: MediaRecord): MediaRecord {
    this.byId.set(record.id, record);
    return record;
  }

  get(id: string): MediaRecord | undefined {
    return this.byId.get(id);
  }

  clear(): void {
    this.byId.clear();
  }
}
