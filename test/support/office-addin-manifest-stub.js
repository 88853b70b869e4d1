// office-addin-mock imports office-addin-manifest, whose ESM dependency breaks under jest 30.
// The mock reads only the OfficeApp enum from it.
module.exports = {
  OfficeApp: {
    Excel: "excel",
    OneNote: "onenote",
    Outlook: "outlook",
    PowerPoint: "powerpoint",
    Project: "project",
    Word: "word",
  },
};
