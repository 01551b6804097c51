package widget

import "robotstester/app/model"

// The page's own messages: what a view asks of what the page shows, which
// is the page's and not the work's (nothing of it is saved or undone).
// The page takes them itself; every other message goes to the session.

// ShowLine asks for line Line of the file shown in the editor: selected,
// in its middle, the editor brought on screen.
type ShowLine struct{ Line int }

// ExplainTest selects test Row and shows its Why (a sheet on a narrow
// screen).
type ExplainTest struct{ Row int }

// CloseWhy closes the Why sheet.
type CloseWhy struct{}

// SetTableQuery is the results table's new filter, order, grouping or
// search.
type SetTableQuery struct{ Query model.TableQuery }

// SetCatalogueQuery sets one field of the reference of crawlers' query
// (model.CatalogueQuery.With): its search, a filter, or all shown.
type SetCatalogueQuery struct{ Field, Value string }

// ToggleAIGrid opens or closes the AI crawlers' grid.
type ToggleAIGrid struct{ Open bool }

// ToggleAIFold shows the AI crawlers' grid's folded rows of the role
// group Key, or hides them again.
type ToggleAIFold struct{ Key string }

// ShowSeverity shows the findings of one severity, or all for "".
type ShowSeverity struct{ Severity string }
