import { describe, expect, it } from 'vitest';
import { fitToLimit, ruleBasedEnhance } from '../src/modules/ai/rule-editor.ts';
import { finishEnhancedText } from '../src/modules/ai/service.ts';

// Real-looking hurried listing text and what the built-in editor makes of it.

describe('built-in editor: titles', () => {
  it.each([
    ['  blue dream   indoor flower 10lbs ', 'Blue Dream Indoor Flower 10 lbs'],
    ['"OG KUSH" AAA INDOOR 5 LBS AVAIL NOW!!!', '"OG Kush" AAA Indoor 5 lbs Available Now!'],
    ['gelato 41 - 1 lbs, thc 28 %', 'Gelato 41 - 1 lb, THC 28%'],
    ['premium live resin w/ coa , 2 kilos', 'Premium Live Resin with COA, 2 kg'],
    ['sour diesel smalls qty 25 pounds', 'Sour Diesel Smalls Quantity 25 lbs'],
    ['the best of the bay cbd tincture 30ml', 'The Best of the Bay CBD Tincture 30ml'],
    ["'Wedding Cake' trim.", "'Wedding Cake' Trim"],
    ['"Wedding Cake Trim"', 'Wedding Cake Trim'],
  ])('%j → %j', (input, expected) => {
    expect(ruleBasedEnhance(input, 'title', 90)).toBe(expected);
  });

  it('keeps a title within 90 characters, cut at a word', () => {
    const long =
      'premium indoor hydroponic greenhouse grown top shelf exotic hybrid flower with excellent terpene profile and frost';
    const result = ruleBasedEnhance(long, 'title', 90);
    expect(result.length).toBeLessThanOrEqual(90);
    expect(long.toLowerCase().startsWith(result.toLowerCase().slice(0, 20))).toBe(true);
    expect(result.endsWith(' ')).toBe(false);
  });
});

describe('built-in editor: descriptions', () => {
  it.each([
    [
      'grown indoors under led.  tested at 27%thc.great bag appeal,dense nugs',
      'Grown indoors under LED. Tested at 27% THC. Great bag appeal, dense nugs.',
    ],
    ['PRICE IS FIRM. $ 1200 per lb , min order 5lbs', 'Price is firm. $1200 per lb, minimum order 5 lbs.'],
    [
      'harvested oct 2025\n\n\n\ncured 3 weeks thru glass jars',
      'Harvested oct 2025\n\nCured 3 weeks through glass jars.',
    ],
    ['coa avail on request pls dm me', 'COA available on request please message me.'],
    ['Lab results at coastlabs.com/batch7', 'Lab results at coastlabs.com/batch7.'],
  ])('%j → %j', (input, expected) => {
    expect(ruleBasedEnhance(input, 'description', 2000)).toBe(expected);
  });

  it('keeps every number of the original', () => {
    const input = 'Batch 7 of 12. 40.5 lbs at $950/lb. THC 24.3%, CBD 0.1%. Harvest 10/2025.';
    const output = ruleBasedEnhance(input, 'description', 2000);
    for (const number of input.match(/\d+(?:\.\d+)?/g) ?? []) expect(output).toContain(number);
  });

  it('cuts an over-long description at a sentence', () => {
    const text = `${'This is a sentence about the lot. '.repeat(80)}`.trim();
    const result = ruleBasedEnhance(text, 'description', 2000);
    expect(result.length).toBeLessThanOrEqual(2000);
    expect(result.endsWith('lot.')).toBe(true);
  });
});

describe('finishing provider output', () => {
  it('removes surrounding straight quotes from titles and keeps one line', () => {
    expect(finishEnhancedText('"Premium Blue Dream\nFlower"', 'title')).toBe('Premium Blue Dream Flower');
  });

  it('holds titles to 90 characters and descriptions to 2000', () => {
    expect(finishEnhancedText('word '.repeat(40), 'title').length).toBeLessThanOrEqual(90);
    expect(finishEnhancedText('Sentence here. '.repeat(200), 'description').length).toBeLessThanOrEqual(2000);
  });

  it('leaves text within its limit alone', () => {
    expect(fitToLimit('Short title', 90, 'title')).toBe('Short title');
  });
});
