/** A bounded FIFO: the newest `capacity` entries, oldest dropped first. */
export class Ring<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    const end = (this.start + this.size) % this.capacity;
    this.items[end] = item;
    if (this.size < this.capacity) this.size++;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** Entries after the first one for which `isMark` holds; undefined when no entry does. */
  after(isMark: (item: T) => boolean): T[] | undefined {
    for (let i = 0; i < this.size; i++) {
      if (isMark(this.items[(this.start + i) % this.capacity] as T)) {
        const out: T[] = [];
        for (let j = i + 1; j < this.size; j++)
          out.push(this.items[(this.start + j) % this.capacity] as T);
        return out;
      }
    }
    return undefined;
  }

  get length(): number {
    return this.size;
  }
}
