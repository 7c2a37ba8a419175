import { describe, expect, it } from 'vitest';
import { packMetadata, unpackMetadata } from './metadata-transfer.ts';
import { getElement, getElementProperties, hasGlobalIds, readMetadata } from './read.ts';
import { sample } from './testing/sample-metadata.ts';

// A global of both Node and the browser; this package's types include neither.
declare function structuredClone<T>(value: T, options?: { transfer?: ArrayBuffer[] }): T;

/** What a postMessage does: a structured clone with the buffers moved. */
function postMessage<T>(value: T, transfer: ArrayBuffer[]): T {
  return structuredClone(value, { transfer });
}

function handedOver(json: unknown): unknown {
  const { packed, transfer } = packMetadata(json);
  return unpackMetadata(postMessage(packed, transfer));
}

describe('metadata handed between threads', () => {
  it('reads the same as the parsed JSON: elements, properties, tree columns', () => {
    const original = sample();
    const received = readMetadata(handedOver(JSON.parse(JSON.stringify(original))));
    expect(received).not.toBeNull();
    for (let id = 0; id < original.elements.count; id++) {
      expect(getElement(received!, id)).toEqual(getElement(original, id));
      expect(getElementProperties(received!, id)).toEqual(getElementProperties(original, id));
    }
    // Every field, the on-demand ones read by the comparison.
    const plain = (_: string, v: unknown) =>
      ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v;
    expect(JSON.parse(JSON.stringify(received, plain))).toEqual(original);
  });

  it('moves the number columns as typed arrays, not copies of JSON arrays', () => {
    const { packed, transfer } = packMetadata(sample());
    expect(packed.kind).toBe('packed');
    const received = unpackMetadata(postMessage(packed, transfer)) as ReturnType<typeof sample>;
    expect(received.elements.parent).toBeInstanceOf(Int32Array);
    expect(Array.from(received.elements.parent)).toEqual([-1, 0, 0]);
    // Transferred: the sender's buffers are gone (detached), nothing was copied.
    expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true);
  });

  it('keeps numbers that are not int32 whole (Float64Array)', () => {
    const metadata = sample();
    metadata.elements.bbox = [0, 0, 0, 0, 0, 0, 0.5, 0, 0, 3e10, 1, 1, 0, 0, 0, 1, 1, 1];
    const received = handedOver(metadata) as ReturnType<typeof sample>;
    expect(received.elements.bbox).toBeInstanceOf(Float64Array);
    expect(Array.from(received.elements.bbox)).toEqual(metadata.elements.bbox);
    expect(getElement(received, 1).bbox).toEqual(getElement(metadata, 1).bbox);
  });

  it('parses the property table and GlobalIds at their first read, once', () => {
    const received = handedOver(sample()) as ReturnType<typeof sample>;
    const described = Object.getOwnPropertyDescriptor(received, 'properties');
    expect(described?.get).toBeTypeOf('function');
    const first = received.properties;
    expect(first.sets).toEqual(sample().properties.sets);
    expect(received.properties).toBe(first);
    expect(Object.getOwnPropertyDescriptor(received, 'properties')?.value).toBe(first);
    // Asked whether there are GlobalIds, the column stays unparsed.
    expect(hasGlobalIds(received)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(received.elements, 'globalId')?.get).toBeTypeOf(
      'function',
    );
    expect(received.elements.globalId).toEqual(['', 'a', 'b']);
    const { globalId: _none, ...withoutGlobalIds } = sample().elements;
    expect(hasGlobalIds({ ...sample(), elements: withoutGlobalIds })).toBe(false);
    expect(Object.keys(received)).toContain('properties');
  });

  it('hands over anything else unchanged (older versions, other JSON)', () => {
    for (const json of [null, 3, 'x', { version: 1, elements: [] }, { version: 2 }, [1, 2]]) {
      expect(handedOver(json)).toEqual(json);
    }
    const withoutProperties = { ...sample(), properties: undefined };
    expect(handedOver(withoutProperties)).toEqual(withoutProperties);
    // A column that is not all numbers would not survive a typed array: all left as parsed.
    const odd = sample();
    (odd.elements as unknown as { parent: unknown[] }).parent = [-1, null, 0];
    expect(packMetadata(odd).packed.kind).toBe('plain');
    expect(handedOver(odd)).toEqual(odd);
  });
});
