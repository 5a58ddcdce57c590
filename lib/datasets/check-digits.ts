// Check digits of registration numbers: pure arithmetic, shared by the lookup form (in the browser)
// and the API (lib/datasets/registration-number.ts).

/** Luhn check, as used by French SIREN numbers and Italian partite IVA. */
export function luhnValid(value: string): boolean {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let d = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Belgian enterprise number: 10 digits, the last two are 97 − (first eight mod 97). */
export function belgianValid(value: string): boolean {
  if (!/^[01]\d{9}$/.test(value)) return false;
  return 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

/** Spanish CIF: letter, seven digits, control digit or letter. */
export function spanishValid(value: string): boolean {
  const m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
  if (!m) return false;
  const body = m[2];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(body[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += d;
  }
  const control = (10 - (sum % 10)) % 10;
  return m[3] === String(control) || m[3] === "JABCDEFGHI"[control];
}

/** ISO 7064 MOD 97-10 over letters and digits (A = 10 … Z = 35), as ISO 17442 uses for LEIs. */
function mod97(value: string): number {
  let rest = 0;
  for (const c of value) {
    const n = Number.parseInt(c, 36);
    rest = (n > 9 ? rest * 100 + n : rest * 10 + n) % 97;
  }
  return rest;
}

/** Legal Entity Identifier (ISO 17442): 18 letters or digits and two check digits; the whole is 1 mod 97. */
export function leiValid(value: string): boolean {
  return /^[0-9A-Z]{18}\d{2}$/.test(value) && mod97(value) === 1;
}

/** Norwegian organisation number: 9 digits, the last a MOD 11 check over the first 8 (weights 3 2 7 6 5 4 3 2). */
export function norwegianValid(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, w, i) => total + w * Number(value[i]), 0);
  const control = 11 - (sum % 11);
  if (control === 10) return false;
  return (control === 11 ? 0 : control) === Number(value[8]);
}

/**
 * IBAN (ISO 13616): two letters, two check digits, up to 30 letters or digits; moved so the country
 * and check digits come last, the whole is 1 mod 97. Takes the compact, upper-case form.
 */
export function ibanValid(value: string): boolean {
  return /^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/.test(value) && mod97(value.slice(4) + value.slice(0, 4)) === 1;
}
