import { describe, expect, it } from 'vitest';
import { missingForMode, nullFlushStages, parseModeCommand, pickModePerDirection, pipelineCommand, readModeFiles, readUninstalledModes, relocateMisplacedFiles } from './mode-file.js';

describe('parseModeCommand', () => {
  it('splits a mode file into stages and arguments, honouring quotes', () => {
    const text = "lt-proc -w '/d/x y.bin' | apertium-tagger -g $2 \"/d/t.prob\" | lt-proc $1 '/d/gen.bin'\n";
    expect(parseModeCommand(text)).toEqual([
      ['lt-proc', '-w', '/d/x y.bin'],
      ['apertium-tagger', '-g', '$2', '/d/t.prob'],
      ['lt-proc', '$1', '/d/gen.bin'],
    ]);
  });
});

describe('nullFlushStages', () => {
  it('puts every stage in null-flush mode, drops the wblank stages and fills the placeholders', () => {
    const stages = parseModeCommand(
      "lt-proc -w '/d/a.bin' | apertium-wblank-attach | apertium-tagger -g $2 '/d/t.prob' | apertium-wblank-detach | lt-proc $1 '/d/g.bin'",
    );
    expect(nullFlushStages(stages)).toEqual([
      ['lt-proc', '-z', '-w', '/d/a.bin'],
      ['apertium-tagger', '-z', '-g', '/d/t.prob'],
      ['lt-proc', '-z', '-g', '/d/g.bin'],
    ]);
    expect(pipelineCommand(nullFlushStages(stages))).toBe("lt-proc -z -w /d/a.bin | apertium-tagger -z -g /d/t.prob | lt-proc -z -g /d/g.bin");
    expect(pipelineCommand([['prog', "it's", 'a b']])).toBe(`prog 'it'\\''s' 'a b'`);
  });
});

describe('readModeFiles (installed modes)', () => {
  it('finds the installed pairs with ISO 639-1 codes, one mode per direction, plain pair before variants', async () => {
    const modes = pickModePerDirection(await readModeFiles());
    const byDirection = Object.fromEntries(modes.map((mode) => [`${mode.source}>${mode.target}`, mode.name]));
    expect(byDirection).toMatchObject({ 'en>es': 'eng-spa', 'es>en': 'spa-eng', 'es>pt': 'es-pt', 'en>ca': 'eng-cat', 'fr>es': 'fr-es', 'it>es': 'ita-spa', 'nb>nn': 'nob-nno', 'oc>fr': 'oci-fra' });
    // Domain and debug modes ('eco-fr-es') are not directions.
    expect(modes.every((mode) => /^[a-z]{2}$/.test(mode.source) && /^[a-z]{2}$/.test(mode.target))).toBe(true);
  });
});

describe('Debian bookworm pairs with codes or files out of the ordinary', () => {
  it('reads Serbo-Croatian modes as Croatian, Serbian and Bosnian, each target from its variant', async () => {
    const modes = await readModeFiles();
    const of = (name: string) => modes.filter((mode) => mode.name === name).map((mode) => `${mode.source}>${mode.target}`);
    expect(of('hbs-eng').sort()).toEqual(['bs>en', 'hr>en', 'sr>en']);
    expect(of('eng-hbs_SR')).toEqual(['en>sr']);
    expect(of('eng-hbs')).toEqual([]); // no single language
    expect(of('nob-nno')).toEqual(['nb>nn']);
  });

  it('builds the modes a pair ships but does not install (es-ro) from its modes.xml', async () => {
    const [esRo, ...others] = await readUninstalledModes();
    expect(others).toEqual([]);
    expect(esRo).toMatchObject({ name: 'es-ro', source: 'es', target: 'ro' });
    expect(esRo!.stages[0]).toEqual(['lt-proc', '/usr/share/apertium/apertium-es-ro/es-ro.automorf.bin']);
    expect(await missingForMode(nullFlushStages(esRo!.stages))).toEqual([]);
  });

  it('finds the data of modes that name their pair folder the other way round (apertium-eo-ca)', async () => {
    const caEo = (await readModeFiles()).find((mode) => mode.name === 'ca-eo')!;
    expect(await missingForMode(caEo.stages)).not.toEqual([]);
    const relocated = await relocateMisplacedFiles(caEo.stages);
    expect(relocated[0]).toEqual(['lt-proc', '/usr/share/apertium/apertium-ca-eo/ca-eo.automorf.bin']);
    expect(await missingForMode(nullFlushStages(relocated))).toEqual([]);
  });
});
