import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSource } from './byte-source.ts';
import { collectGarbage } from '../memory.ts';
import { decodeStepString, StepEnum, StepFile, StepRef, StepTyped } from './step.ts';

const encode = (text: string) => new TextEncoder().encode(text);

const FILE = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('a header string with DATA; inside'),'2;1');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1= IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'Proj; ''one''',$,$,$,$,(#2),#3);
/* a comment with #99= IFCWALL(); inside */
#2=IFCPROPERTYSINGLEVALUE('Gesch\\X2\\00FC\\X0\\tzt',$,IFCBOOLEAN(.F.),$);
#3 = IfcQuantityLength('Length',$,$,-1.5E-3,$);
#10=IFCRELDEFINESBYPROPERTIES('x',#1,$,$,(#1,#3),#2);
#11=IFCPROPERTYLISTVALUE('L',$,(IFCLABEL('a'),IFCLABEL('b\\X\\E4')),*);
ENDSEC;
END-ISO-10303-21;
`;

describe('StepFile', () => {
  const step = new StepFile(encode(FILE));

  it('lists the ids of a type with hundreds of thousands of entities', () => {
    // A 200,000-element tower has that many property sets: a spread push overflowed the stack.
    const count = 300_000;
    const lines = Array.from({ length: count }, (_, i) => `#${i + 1}=IFCPROPERTYSET('p');`);
    const big = new StepFile(encode(`ISO-10303-21;\nDATA;\n${lines.join('\n')}\nENDSEC;\n`));
    const ids = big.idsOfType('IFCPROPERTYSET');
    expect(ids).toHaveLength(count);
    expect([ids[0], ids[count - 1]]).toEqual([1, count]);
  }, 30_000);

  it('indexes every entity of the DATA section (not the header, not comments)', () => {
    expect(step.count).toBe(5);
    expect(step.typeOf(1)).toBe('IFCPROJECT');
    // Type names are case-insensitive in STEP: upper case here.
    expect(step.typeOf(3)).toBe('IFCQUANTITYLENGTH');
    expect(step.has(99)).toBe(false);
    expect(step.idsOfType('IFCPROPERTYSINGLEVALUE', 'IFCRELDEFINESBYPROPERTIES')).toEqual([2, 10]);
    expect(step.firstOfType('IFCPROJECT')).toBe(1);
  });

  it('parses arguments: strings, refs, lists, typed values, enums, numbers, $ and *', () => {
    const project = step.args(1)!;
    expect(project[0]).toBe('0YvctVUKr0kugbFTf53O9L');
    expect(project[1]).toBeNull();
    expect(project[2]).toBe("Proj; 'one'");
    expect(project[7]).toEqual([new StepRef(2)]);
    expect(project[8]).toEqual(new StepRef(3));
    const property = step.args(2)!;
    expect(property[0]).toBe('Geschützt');
    expect(property[2]).toEqual(new StepTyped('IFCBOOLEAN', new StepEnum('F')));
    expect(step.args(3)![3]).toBe(-0.0015);
    expect(step.args(11)).toEqual([
      'L',
      null,
      [new StepTyped('IFCLABEL', 'a'), new StepTyped('IFCLABEL', 'bä')],
      null,
    ]);
    expect(step.args(404)).toBeNull();
  });
});

describe('StepFile over a file', () => {
  it('indexes and parses in windows as it does in memory (entities cut by a window are read again)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'truss-step-'));
    try {
      // Long lines: some longer than the first window, which then doubles.
      const long = `#20=IFCLABEL('${'x'.repeat(300)}');\n`;
      const text = FILE.replace('ENDSEC;\nEND-ISO', `${long}ENDSEC;\nEND-ISO`);
      const file = path.join(dir, 'model.ifc');
      writeFileSync(file, text);
      const inMemory = new StepFile(encode(text));
      for (const window of [96, 128, 200, 4096]) {
        const source = new FileSource(file, encode(text).length);
        try {
          const streamed = new StepFile(source, window);
          expect(streamed.count).toBe(inMemory.count);
          for (const id of [1, 2, 3, 10, 11, 20, 99]) {
            expect(streamed.typeOf(id)).toBe(inMemory.typeOf(id));
            expect(streamed.args(id)).toEqual(inMemory.args(id));
            expect(streamed.offsetOf(id)).toBe(inMemory.offsetOf(id));
          }
        } finally {
          source.close();
        }
      }
      expect(inMemory.count).toBe(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('decodeStepString', () => {
  it('decodes the ISO 10303-21 escapes and raw UTF-8', () => {
    expect(decodeStepString(encode("it''s"))).toBe("it's");
    expect(decodeStepString(encode('\\X2\\00C400D6\\X0\\l'))).toBe('ÄÖl');
    expect(decodeStepString(encode('\\X4\\0001F600\\X0\\'))).toBe('😀');
    expect(decodeStepString(encode('\\S\\D'))).toBe('Ä');
    expect(decodeStepString(encode('a\\\\b'))).toBe('a\\b');
    expect(decodeStepString(encode('Straße'))).toBe('Straße');
    expect(decodeStepString(new Uint8Array([0x4d, 0xfc, 0x6c]))).toBe('Mül');
    // Each run of raw bytes on its own: valid UTF-8, then a Latin-1 byte after plain ASCII.
    expect(decodeStepString(new Uint8Array([0xc3, 0xa4, 0x41, 0xfc]))).toBe('äAü');
    expect(decodeStepString(encode('\\X\\E4rger \\PA\\x \\q'))).toBe('ärger x \\q');
    expect(decodeStepString(encode(`A\\X2\\${'0041'.repeat(5000)}\\X0\\B`))).toBe(
      `A${'A'.repeat(5000)}B`,
    );
    expect(decodeStepString(encode(''))).toBe('');
  });

  it('gives flat strings: a kept GlobalId or name costs its characters, not a chain of pieces', () => {
    // Built a character at a time, a 22-character GlobalId was ten 32-byte cons strings past its
    // 12th character (~380 bytes, measured 356 per string here); flat, it is ~40.
    const count = 20_000;
    const id = (n: number) => `0${n.toString(36).padStart(21, 'x')}`;
    const lines = Array.from(
      { length: count },
      (_, n) => `#${n + 1}=IFCWALL('${id(n)}',$,'Wand \\X2\\00FC\\X0\\ber ${n} ''A''',$);`,
    );
    const step = new StepFile(encode(`ISO-10303-21;\nDATA;\n${lines.join('\n')}\nENDSEC;\n`));
    const read = (n: number) => step.args(n + 1)!;
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const kept = Array.from({ length: count }, (_, n) => [read(n)[0], read(n)[2]]);
    collectGarbage();
    const perEntity = (process.memoryUsage().heapUsed - before) / count;
    expect(kept[count - 1]).toEqual([id(count - 1), `Wand \u00fcber ${count - 1} 'A'`]);
    // Two flat strings and their pair; with cons strings this was ~700 bytes.
    expect(perEntity).toBeLessThan(250);
  });
});
