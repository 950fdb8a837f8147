export { recipePlugin, resolveRecipe, checkRecipe, builtRecipes, RecipeError } from "./src/node/recipe";
