/**
 * The checkout shop of counterparts/ (design brief §9), whose own client creates its payments: its fault map against
 * its README's variants table. Every variant the README lists is either mapped to requirements of the registry that
 * its defect breaks (the client's to CLIENT ones, judged in the client report; the receiver's to RECEIVER ones) or
 * named as not probed with the reason; none is left out. `.ci/run` certifies C00 and catches every mapped variant
 * (npm run peer-receivers -- --peer checkout-shop).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CHECKOUT_SHOP, CHECKOUT_SHOP_NOT_PROBED } from '../../src/peers/checkout-shop.js';
import { kitPath } from '../../src/kit-root.js';
import { CLIENT_REGISTRY, RECEIVER_REGISTRY } from '../../src/requirements/registry.js';

test('should map every faulty variant of its README, or name why the kit does not probe it', () => {
  const readme = readFileSync(kitPath('counterparts', 'checkout-shop', 'README.md'), 'utf8');
  // Its tables name each variant in a row of its own (the variants, and the measured results): each once here.
  const listed = [...new Set([...readme.matchAll(/^\| (C\d\d) \|/gm)].map((m) => m[1]))].filter(
    (v) => v !== CHECKOUT_SHOP.clean,
  );
  expect(listed.length).toBeGreaterThanOrEqual(8);
  const accounted = [...CHECKOUT_SHOP.variants, ...Object.keys(CHECKOUT_SHOP_NOT_PROBED)].sort();
  expect(accounted).toEqual([...listed].sort());
  const known = new Set<string>([...RECEIVER_REGISTRY, ...CLIENT_REGISTRY].map((r) => r.id));
  for (const variant of CHECKOUT_SHOP.variants) {
    const breaks = CHECKOUT_SHOP.faults[variant]?.breaks ?? [];
    expect(breaks.length, variant).toBeGreaterThan(0);
    expect(
      breaks.filter((id) => !known.has(id)),
      variant,
    ).toEqual([]);
  }
});
