// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { cleanPastedHtml } from './clean-pasted-html';

// What Word for Windows puts on the clipboard for a heading-less paragraph, a bold run and a two-item list
// (trimmed: the real thing repeats the <style> block and namespaces).
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15">
<style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt;} --></style><!--[if gte mso 9]><xml><o:OfficeDocumentSettings>
</o:OfficeDocumentSettings></xml><![endif]--></head><body lang=FR>
<!--StartFragment--><p class=MsoNormal>Le <span style='font-weight:bold'>taux</span> change<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>premier point<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>second point<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='mso-list:l1 level1 lfo2'><span style='mso-list:Ignore'>1.<span>&nbsp; </span></span>étape un</p>
<p class=MsoListParagraphCxSpLast style='mso-list:l1 level1 lfo2'><span style='mso-list:Ignore'>2.<span>&nbsp; </span></span>étape deux</p>
<!--EndFragment--></body></html>`;

describe('cleaning HTML pasted from a word processor', () => {
  test('Word: comments, styles and o:p go, bold survives, list paragraphs become lists', () => {
    const html = cleanPastedHtml(WORD);
    expect(html).not.toMatch(/o:p|mso|MsoNormal|<style|<meta|<!--|StartFragment|font-family/i);
    expect(html).toContain('<p>Le <strong>taux</strong> change</p>');
    expect(html).toContain('<ul><li><p>premier point</p></li><li><p>second point</p></li></ul>');
    expect(html).toContain('<ol><li><p>étape un</p></li><li><p>étape deux</p></li></ol>');
    // Word's empty spacing paragraph is dropped.
    expect(html).not.toMatch(/<p>(\s|&nbsp;|\u00a0)*<\/p>/);
  });

  test('LibreOffice: fonts, spans and layout styles go, italics and links stay', () => {
    const html = cleanPastedHtml(
      '<meta name="generator" content="LibreOffice"><p style="margin-bottom: 0cm; line-height: 100%" align="justify">' +
        '<font face="Liberation Serif, serif"><span lang="fr-FR"><i>Voir</i> <a href="https://www.legifrance.gouv.fr/">Légifrance</a></span></font></p>',
    );
    expect(html).toBe('<p><i>Voir</i> <a href="https://www.legifrance.gouv.fr/">Légifrance</a></p>');
  });

  test('Google Docs: the document-wide bold wrapper is removed, real bold is kept', () => {
    const html = cleanPastedHtml(
      '<b style="font-weight:normal;" id="docs-internal-guid-1234"><p dir="ltr"><span style="font-weight:700">Important</span><span style="font-weight:400"> : la suite</span></p></b>',
    );
    expect(html).toBe('<p dir="ltr"><strong>Important</strong> : la suite</p>');
  });

  test('scripts never pass', () => {
    expect(cleanPastedHtml('<p>texte</p><script>alert(1)</script>')).toBe('<p>texte</p>');
  });
});
