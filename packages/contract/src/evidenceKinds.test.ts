/** The evidence-kind registry (issue 11 §1) carries the spec's codes for every kind, once. */
import { describe, expect, it } from 'vitest';
import { EVIDENCE_KINDS, EVIDENCE_TYPE_VALUE_KIND, ORDER_TYPE, ORDER_TYPE_LABEL } from './constants.ts';
import { ZCertificateView } from './certificate.ts';
import { ZEvidenceBase, ZEvidenceFile, ZEvidenceItem } from './evidence.ts';
import { ZWebItem } from './forensics.ts';
import { CERTIFICATE_SECTIONS, certificatePath, EVIDENCE_KIND, EVIDENCE_KIND_DEFS, kindDef, kindOfEvidenceType, kindOfOrderType, mainArtefact, offeredKinds } from './evidenceKinds.ts';

describe('evidence-kind registry', () => {
  it('has one entry per kind of the evidence table', () => {
    expect(EVIDENCE_KIND_DEFS.map((d) => d.id).sort()).toEqual([...EVIDENCE_KINDS].sort());
    for (const k of EVIDENCE_KINDS) expect(EVIDENCE_KIND[k].id).toBe(k);
    expect(kindDef('nope')).toBeUndefined();
    expect(kindDef('web')?.name).toBe('网页取证');
  });
  it('uses the evidence type values 1–6 of spec p2 §9 once each, agreeing with EVIDENCE_TYPE_VALUE_KIND', () => {
    expect(EVIDENCE_KIND_DEFS.map((d) => d.evidenceType).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const [v, k] of Object.entries(EVIDENCE_TYPE_VALUE_KIND)) expect(kindOfEvidenceType(Number(v))?.id).toBe(k);
    // 1 and 5 file, 2 and 4 process, 3 web, 6 music
    expect([kindOfEvidenceType(1)?.artefacts[0]?.role, kindOfEvidenceType(5)?.artefacts[0]?.role]).toEqual(['original', 'original']);
    expect([kindOfEvidenceType(2)?.certificateSections, kindOfEvidenceType(4)?.certificateSections].every((s) => s?.includes('video'))).toBe(true);
  });
  it('covers every order type code of spec p1 §9 exactly once, with its label, and prices by one of its own codes', () => {
    const codes = EVIDENCE_KIND_DEFS.flatMap((d) => d.orderTypes.map((o) => o.code)).sort((a, b) => a - b);
    expect(codes).toEqual(Object.values(ORDER_TYPE).sort((a, b) => a - b));
    for (const d of EVIDENCE_KIND_DEFS) {
      for (const o of d.orderTypes) expect(o.name).toBe(ORDER_TYPE_LABEL[o.code]);
      expect(d.orderTypes.map((o) => o.code)).toContain(d.priceCode);
    }
    expect(kindOfOrderType(8)?.id).toBe('web');
    expect(kindOfOrderType(13)?.id).toBe('app');
    expect(kindOfOrderType(99)).toBeUndefined();
  });
  it('gives each kind exactly one main artefact, known sections and spec routes', () => {
    for (const d of EVIDENCE_KIND_DEFS) {
      expect(d.artefacts.filter((a) => a.main)).toHaveLength(1);
      expect(mainArtefact(d).main).toBe(true);
      for (const s of d.certificateSections) expect(CERTIFICATE_SECTIONS).toContain(s);
      expect(d.routes.list.startsWith('/')).toBe(true);
    }
    expect(certificatePath('data', 'CZ1')).toBe('/attestation/CZ1');
    expect(certificatePath('web', 'CZ1')).toBe('/evidencesWeb/CZ1');
    expect(certificatePath('process', 'CZ1')).toBe('/evidencesPro/CZ1');
    expect(certificatePath('music', 'CZ1')).toBe('/evidencesMusic/CZ1');
    expect(offeredKinds().map((d) => d.id)).toEqual(['data', 'web', 'process', 'mobile', 'app', 'music']);
  });
  it('one base item schema: the data item, the web item and the certificate view reuse its field schemas', () => {
    for (const [name, schema] of [['ZEvidenceItem', ZEvidenceItem], ['ZWebItem', ZWebItem], ['ZCertificateView', ZCertificateView]] as const) {
      for (const k of ['baoquan', 'title', 'label', 'saveTime', 'chainhash', 'size', 'sha256'] as const) expect(schema.shape[k], `${name}.${k}`).toBe(ZEvidenceBase.shape[k]);
    }
    for (const k of ['fileName', 'fileType', 'mime'] as const) {
      expect(ZEvidenceItem.shape[k]).toBe(ZEvidenceFile.shape[k]);
      expect(ZCertificateView.shape[k]).toBe(ZEvidenceFile.shape[k]);
    }
  });
});
