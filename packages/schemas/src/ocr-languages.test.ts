import { describe, expect, it } from 'vitest';
import { installedModelFor, modelsForScript, ocrLanguageModel, resolveOcrLanguage } from './ocr-languages.js';
import { ServiceError } from './service-error.js';

const INSTALLED = ['ara', 'chi_sim', 'chi_tra', 'deu', 'eng', 'fra', 'jpn', 'kor', 'rus', 'spa', 'srp', 'srp_latn', 'ukr'];

describe('resolveOcrLanguage', () => {
  it('takes tesseract codes, ISO 639-1 and 639-2 codes and BCP 47 tags, joined by +', () => {
    expect(resolveOcrLanguage('fra', INSTALLED)).toBe('fra');
    expect(resolveOcrLanguage('fr', INSTALLED)).toBe('fra');
    expect(resolveOcrLanguage('FR', INSTALLED)).toBe('fra');
    expect(resolveOcrLanguage('fre', INSTALLED)).toBe('fra');
    expect(resolveOcrLanguage('de-AT', INSTALLED)).toBe('deu');
    expect(resolveOcrLanguage('fr+en', INSTALLED)).toBe('fra+eng');
    expect(resolveOcrLanguage('eng+spa+en', INSTALLED)).toBe('eng+spa');
    expect(resolveOcrLanguage('chi_sim', INSTALLED)).toBe('chi_sim');
  });

  it('maps Chinese, Serbian and others by script and region', () => {
    expect(resolveOcrLanguage('zh', INSTALLED)).toBe('chi_sim');
    expect(resolveOcrLanguage('zh-CN', INSTALLED)).toBe('chi_sim');
    expect(resolveOcrLanguage('zh-Hans', INSTALLED)).toBe('chi_sim');
    expect(resolveOcrLanguage('zh-TW', INSTALLED)).toBe('chi_tra');
    expect(resolveOcrLanguage('zh-Hant-HK', INSTALLED)).toBe('chi_tra');
    expect(resolveOcrLanguage('sr', INSTALLED)).toBe('srp');
    expect(resolveOcrLanguage('sr-Latn', INSTALLED)).toBe('srp_latn');
    expect(resolveOcrLanguage('ja', INSTALLED)).toBe('jpn');
    expect(resolveOcrLanguage('ko', INSTALLED)).toBe('kor');
  });

  it('keeps auto, alone, in any case', () => {
    expect(resolveOcrLanguage('auto', INSTALLED)).toBe('auto');
    expect(resolveOcrLanguage('AUTO', INSTALLED)).toBe('auto');
  });

  it('refuses what names no installed model with invalid_language_code listing the installed ones', () => {
    for (const language of ['xx', 'it', 'eng+it', '', 'eng+', 'auto+eng', 'klingon', 'zz-Latn']) {
      let err: unknown;
      try {
        resolveOcrLanguage(language, INSTALLED);
      } catch (e) {
        err = e;
      }
      expect(err, language).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({ code: 'invalid_language_code', status: 400, details: [{ field: 'language' }] });
      expect((err as Error).message).toContain('fr (fra)');
      expect((err as Error).message).toContain('zh-Hant (chi_tra)');
    }
  });
});

describe('models by script and by detected language', () => {
  it('puts the usual model of a script first', () => {
    expect(modelsForScript('Cyrillic', INSTALLED)).toEqual(['rus', 'srp', 'ukr']);
    expect(modelsForScript('Latin', INSTALLED)[0]).toBe('eng');
    expect(modelsForScript('Han', INSTALLED)).toEqual(['chi_sim', 'chi_tra']);
    expect(modelsForScript('Hangul', INSTALLED)).toEqual(['kor']);
    expect(modelsForScript('Katakana', INSTALLED)).toEqual(['jpn']);
    expect(modelsForScript('Thai', INSTALLED)).toEqual([]);
  });

  it('finds the installed model of an ISO code', () => {
    expect(installedModelFor('fr', INSTALLED)).toBe('fra');
    expect(installedModelFor('uk', INSTALLED)).toBe('ukr');
    expect(installedModelFor('it', INSTALLED)).toBeUndefined();
  });

  it('describes known models and unknown ones', () => {
    expect(ocrLanguageModel('chi_tra')).toEqual({ tesseract: 'chi_tra', iso: 'zh-Hant', script: 'Han', name: 'Chinese (Traditional)' });
    expect(ocrLanguageModel('xyz_custom')).toEqual({ tesseract: 'xyz_custom', iso: null, script: 'Unknown', name: 'xyz_custom' });
  });
});
