/// How lines of a label sit (HUDText's), part of `HUDRenderStyle`.
@_exported import enum HUDText.TextAlignment
