import { describe, expect, it } from 'vitest';
import { nameWordsPutRight } from './header-block.js';

describe('nameWordsPutRight', () => {
  it("puts right a name's misread trade words and a branch's place words in brackets", () => {
    expect(nameWordsPutRight('AIK HUAT HARDUARE ENTERPRISE (SETIA ALAH) SDN BHD')).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    expect(nameWordsPutRight('GOLDEN KEY ENTERFRISE')).toBe('GOLDEN KEY ENTERPRISE');
    expect(nameWordsPutRight('Lim Seng Restauramt Sdn Bhd')).toBe('Lim Seng Restaurant Sdn Bhd');
  });

  it("puts back a branch's bracket read as a letter, where the name keeps the other one", () => {
    expect(nameWordsPutRight('ABC HARDWARE ENTERPRISE ISETIA ALAM) SDN BHD')).toBe('ABC HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    expect(nameWordsPutRight('ABC HARDWARE ENTERPRISEYCSETIA ALAM) SDN BHD')).toBe('ABC HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    expect(nameWordsPutRight('ABC TRADING TKLANG) SDN BHD')).toBe('ABC TRADING (KLANG) SDN BHD');
    expect(nameWordsPutRight('ABC HARDWARE (SETIA ALAMI SDN BHD')).toBe('ABC HARDWARE (SETIA ALAM) SDN BHD');
  });

  it("leaves a name's own words as read: short names near trade words, a first letter I, brackets that match", () => {
    for (const name of ['MING TRADING', 'CAPE CAFE', 'ISLAND CAFE (KL)', 'IKEA (M) SDN BHD', 'INTAN TRADING', 'SOON FATT S/B', 'KEDAI PAPAN YEW CHUAN', 'THE CHICKEN RICE SHOP']) {
      expect(nameWordsPutRight(name)).toBe(name);
    }
  });
});
