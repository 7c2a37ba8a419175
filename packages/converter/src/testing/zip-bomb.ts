import { deflateRawSync } from 'node:zlib';

/**
 * A zip of one deflated entry whose headers (local and central) declare `declaredBytes` while
 * the entry really inflates to `realBytes` zeros: the "zip bomb that lies about its size".
 * Built by hand so the lie is in both headers; the CRC is left 0 (no reader gets that far).
 */
export function lyingZipBomb(name: string, realBytes: number, declaredBytes: number): Uint8Array {
  const data = deflateRawSync(Buffer.alloc(realBytes), { level: 9 });
  const file = Buffer.from(name, 'utf8');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredBytes, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredBytes, 24);
  central.writeUInt16LE(file.length, 28);
  const centralAt = local.length + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return new Uint8Array(Buffer.concat([local, file, data, central, file, end]));
}
